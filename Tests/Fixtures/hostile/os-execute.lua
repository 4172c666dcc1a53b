-- expect: Undefined global 'os'
os.execute("touch hostile-marker.txt")
return Label {}
