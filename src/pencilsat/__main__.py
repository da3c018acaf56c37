"""``python -m pencilsat``: the ``pencilsat`` command (:mod:`pencilsat.entry`), for an
environment whose scripts folder is not on the path. (It said "No module named
pencilsat.__main__".) Guarded, so that workers importing the main module run nothing."""

if __name__ == "__main__":
    from pencilsat.entry import console

    console()
