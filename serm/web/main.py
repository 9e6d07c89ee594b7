"""The page's entry point (index.html's ``<script type="py">``): start the game.

PyScript runs this file from source on every load, so it stays a few lines; the browser layer
itself is ``serm.web.app``, imported from the site's serm.zip as precompiled bytecode.
"""

from serm.web.app import main

APP = main()
