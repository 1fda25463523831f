"""One module per `solo` command."""
