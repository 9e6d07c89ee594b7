"""The screen as data (pure Python, no DOM): what the player's input means, and what is shown.

``model`` (the frozen ``UI`` value), ``events`` and ``keys`` (the key map) are the vocabulary;
``reduce`` is the one function that changes the ``UI``; ``screen`` and ``panel`` turn
``(State, UI)`` into the board's view model and the panel's HTML; ``driver`` plays the actions a
reduction asks for through the engine; ``saves`` and ``snapshot`` keep games and screens.
"""
