"""One module per genre: the model, its text formats, the independent rule checker and the text
drawing.
"""
