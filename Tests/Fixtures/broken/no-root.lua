-- Returns styles, not a view.
return { red = mut(View.backgroundColor, "#FF0000") }
