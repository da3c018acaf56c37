"""The editor's desk as a web page: ``pencilsat serve`` (Starlette and uvicorn, the ``web``
extra). :mod:`app` serves the page and the JSON API, :mod:`workers` runs each job in a
worker process with a hard time limit, :mod:`jobs` is what a worker runs. Nothing here is
imported by the other commands."""
