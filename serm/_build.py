"""Which build of the site this is.

``tools/build.py`` replaces this file inside the site's ``serm.zip`` with the build's id (a
content hash of every file the site ships), the same id it writes into index.html's
``<meta name="serm-build">``.  Run from the source tree, the id is ``"dev"``.
"""

BUILD_ID = "dev"
