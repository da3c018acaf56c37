"""The loop machinery every loop genre shares: grid edges, degree rules, the inside/outside
colouring, loop labelling and cuts.
"""
