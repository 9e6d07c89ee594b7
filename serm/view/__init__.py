"""The pure view: ``ViewModel`` (model.py) and the SVG renderer (render.py).

Nothing here imports ``js`` or ``pyscript``; it runs on CPython and in Pyodide alike.
"""
