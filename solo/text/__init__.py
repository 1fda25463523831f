"""Every sentence a person reads, built from the records the rules return; the map."""
