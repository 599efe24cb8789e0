"""Exchange with other tools: Gambit strategic-form files (:mod:`.gambit`) and
OpenSpiel's ``pig`` game (:mod:`.openspiel`, needs the optional ``open_spiel``)."""
