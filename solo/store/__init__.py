"""What lives on disk: the game journal, board and answers files, folders, atomic writes."""
