"""``manille serve``: a local web app for the table (rulesets, house rules, score sheets, play).

Needs the ``web`` extra (``pip install 'manille-variants[web]'``): Starlette, Jinja2, uvicorn
and segno (the QR code).  :func:`~manille_variants.web.app.create_app` builds the app;
:func:`~manille_variants.web.serve.serve` runs it.
"""
