"""The command line: one module per command, the terminal prompter."""
