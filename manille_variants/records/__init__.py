"""Game records: the record format, the typed deal format, audit and playback."""
