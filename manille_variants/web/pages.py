"""The pages that only a page shows (a ruleset, a diff, the editor, the forms, the exports).

Thin handlers (plain functions: Starlette runs them in its thread pool): each gathers what its
template shows; the pages' scripts talk to the JSON API for everything that changes data.  A
resource that a script reads too has its one view in :mod:`~manille_variants.web.views`."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from manille_variants.errors import RulesetError
from manille_variants.messages import define, msg
from manille_variants.ruleset.docgen import diff_rulesets, format_value, ruleset_yaml
from manille_variants.ruleset.loader import bundled_names
from manille_variants.sim.report import content_security_policy
from manille_variants.web.render import Refusal, page_language, render
from manille_variants.web.rulesets import at_a_glance, choices, extends_of, form_fields, resolve, values
from manille_variants.web.sheets import chart_svg, sheet_csv
from manille_variants.web.storage import Store
from manille_variants.web.summary import summary
from manille_variants.web.views import bot_names

__all__ = ["ROUTES"]


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def home(request: Request) -> Response:
    return render(request, "home.html")


def ruleset(request: Request) -> Response:
    name = request.path_params["name"]
    try:
        rs = resolve(_store(request), name)
    except RulesetError as exc:
        raise Refusal(404, exc.coded()) from None
    saved, lang = _store(request).ruleset_text(rs.name), page_language(request)
    return render(request, "ruleset.html", rs=rs, summary=summary(rs, lang), glance=at_a_glance(rs, lang),
                  yaml=saved.yaml if saved else ruleset_yaml(rs, summary=False, lang=lang), custom=saved is not None,
                  others=[c.name for c in choices(_store(request)) if c.name != rs.name])


def diff(request: Request) -> Response:
    store = _store(request)
    names = [c.name for c in choices(store)]
    a = request.query_params.get("a", names[0])
    b = request.query_params.get("b", names[1] if len(names) > 1 else names[0])
    left, right = resolve(store, a), resolve(store, b)
    rows = [(r.path, format_value(r.a), format_value(r.b)) for r in diff_rulesets(left, right)]
    return render(request, "diff.html", a=left, b=right, rows=rows, names=names,
                  summaries=(summary(left, page_language(request)), summary(right, page_language(request))))


def editor(request: Request) -> Response:
    store = _store(request)
    start = request.query_params.get("from", "table-convention")
    rs = resolve(store, start)
    saved = store.ruleset_text(rs.name)
    if saved is not None:
        text = saved.yaml
    else:
        lang = page_language(request)
        title = msg(HOUSE_RULES, title=rs.title).text(lang)
        text = f"name: my-{rs.name}\ntitle: {json.dumps(title, ensure_ascii=False)}\nextends: {rs.name}\n" \
               + _commented(ruleset_yaml(rs, summary=False, lang=lang), lang)
    parent = resolve(store, extends_of(text) or rs.name)
    return render(request, "editor.html", text=text, start=rs.name, names=[c.name for c in choices(store)],
                  form={"fields": [f.as_json() for f in form_fields()], "parent": parent.name,
                        "parent_values": values(parent)})


NO_COMPARISON = define("web.no-comparison", "no finished comparison with that id")
PARENT_SETTINGS = define("editor.parent-settings",
                         "The settings of the parent, to copy and change (uncomment the ones you change):")
HOUSE_RULES = define("editor.house-rules", "{title} (house rules)")


def _commented(text: str, lang: str) -> str:
    """The parent's settings as comments, to copy from (the comment in ``lang``)."""
    lines = ["", f"# {msg(PARENT_SETTINGS).text(lang)}"]
    lines += [f"# {line}" if line else "#" for line in text.splitlines()
              if not line.startswith(("name:", "title:", "description:", "aliases:", "sources:", "  - "))]
    return "\n".join(lines) + "\n"


def sheet_chart(request: Request) -> Response:
    found = _store(request).sheet(request.path_params["id"])
    return HTMLResponse(chart_svg(found), media_type="image/svg+xml")


def export_json(request: Request) -> Response:
    found = _store(request).sheet(request.path_params["id"])
    text = json.dumps(found.score.to_json(), indent=2, ensure_ascii=False) + "\n"
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="sheet-{found.id}.json"'})


def export_csv(request: Request) -> Response:
    found = _store(request).sheet(request.path_params["id"])
    return Response(sheet_csv(found), media_type="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="sheet-{found.id}.csv"'})


def play(request: Request) -> Response:
    """The form for a new game (a game's own page, ``/play/{id}``, is its view)."""
    return render(request, "play.html", data=None, rulesets=choices(_store(request)), bots=bot_names())


def compare(request: Request) -> Response:
    found = choices(_store(request))
    return render(request, "compare.html", rulesets=found, bots=bot_names(), bundled=bundled_names())


def analyze(request: Request) -> Response:
    return render(request, "analyze.html", rulesets=choices(_store(request)))


def compare_report(request: Request) -> Response:
    job = request.app.state.jobs.get(request.path_params["id"])
    if job is None or job.report is None:
        raise Refusal(404, msg(NO_COMPARISON))
    # Framed by the Compare page (this server's own), styled by its one inline style sheet.
    return HTMLResponse(job.report, headers={"Content-Security-Policy": content_security_policy(),
                                             "X-Frame-Options": "SAMEORIGIN"})


ROUTES = [
    Route("/", home),
    Route("/rulesets/{name}", ruleset),
    Route("/diff", diff),
    Route("/editor", editor),
    Route("/sheets/{id}/chart.svg", sheet_chart),
    Route("/sheets/{id}/export.json", export_json),
    Route("/sheets/{id}/export.csv", export_csv),
    Route("/play", play),
    Route("/compare", compare),
    Route("/compare/{id}/report", compare_report),
    Route("/analyze", analyze),
]
