"""Developer commands that regenerate files kept in the repository:
``python -m tools.doc_pictures`` (docs/pictures/) and ``python -m tools.diagram``
(hardware/*.svg). The tests check that what they make is what is committed."""
