"""The steps of tools/build.py, one module each (see its docstring)."""
