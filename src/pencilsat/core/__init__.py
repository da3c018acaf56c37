"""What every layer shares: values, errors, results, deadlines, names, the memory budget and
the genre registry.
"""
