// Small progressive enhancements; every page works without this file.
