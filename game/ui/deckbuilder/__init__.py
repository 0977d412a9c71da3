"""The offline deck builder (issue #11): browse the set, build Main/Side/Extra, save."""
