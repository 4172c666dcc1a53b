-- expect: Undefined global 'os'
return Label { text = os.getenv("HOME") }
