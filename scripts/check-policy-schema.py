#!/usr/bin/env python3
"""Checks docs/policy.schema.json against the examples in docs/examples/.

Every canonical example must validate, and known-bad variants must not, so the schema
and the Swift decoder (tested separately on the same files) cannot drift apart.
"""
import copy
import json
import pathlib
import sys

import jsonschema

docs = pathlib.Path(__file__).resolve().parent.parent / "docs"
schema = json.loads((docs / "policy.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

passed = failed = 0
def check(name, ok):
    global passed, failed
    print(("ok   " if ok else "FAIL ") + name)
    passed, failed = passed + ok, failed + (not ok)

for path in sorted((docs / "examples").glob("*.json")):
    document = json.loads(path.read_text())
    if "schemaVersion" in document:
        errors = list(validator.iter_errors(document))
        check(f"{path.name} is valid", not errors)
        for error in errors:
            print("     ", error.message)

base = json.loads((docs / "examples" / "canonical.json").read_text())
def variant(change):
    document = copy.deepcopy(base)
    change(document)
    return document
bad = {
    "unknown platform": variant(lambda d: d["platforms"].update(blackberry={})),
    "http update URL": variant(lambda d: d["platforms"]["ios"].update(updateURL="http://x.example")),
    "schemaVersion 2": variant(lambda d: d.update(schemaVersion=2)),
    "version 1..2": variant(lambda d: d["platforms"]["ios"]["latest"].update(version="1..2")),
    "rollout 140 %": variant(lambda d: d["platforms"]["ios"].update(rollout={"percentage": 140})),
    "maintenance without a message": variant(lambda d: d["platforms"]["ios"].update(maintenance={"start": "2026-12-01T02:00:00Z"})),
    "maintenance with an http link": variant(lambda d: d["platforms"]["ios"].update(
        maintenance={"start": "2026-12-01T02:00:00Z", "message": "x", "url": "http://status.example.com"})),
    "OS notice without a date": variant(lambda d: d["platforms"]["ios"].update(osSupportEnds={"below": "18.0"})),
    "storefront keyed by alpha-3": variant(lambda d: d["platforms"]["ios"].update(storefronts={"USA": "2.0.0"})),
    "storefront serving no version": variant(lambda d: d["platforms"]["ios"].update(storefronts={"us": "soon"})),
}
check("storefronts are valid",
      validator.is_valid(variant(lambda d: d["platforms"]["ios"].update(storefronts={"us": "2.4.1", "fr": "2.4.0"}))))
check("an OS support notice is valid",
      validator.is_valid(variant(lambda d: d["platforms"]["ios"].update(osSupportEnds={"below": "18.0", "after": "2027-03-01"}))))
good = variant(lambda d: d["platforms"]["ios"].update(maintenance={
    "start": "2026-12-01T02:00:00Z", "end": "2026-12-01T04:00:00Z", "message": "Back by 04:00 UTC.", "url": "https://status.example.com"}))
check("a maintenance window is valid", validator.is_valid(good))
signed = json.loads((docs / "examples" / "signed-subject.json").read_text())
def signed_variant(change):
    document = copy.deepcopy(signed)
    change(document)
    return document
bad.update({
    "subject without app": signed_variant(lambda d: d["subject"].pop("app")),
    "subject channel staging": signed_variant(lambda d: d["subject"].update(channel="staging")),
    "subject platform web": signed_variant(lambda d: d["subject"].update(platform="web")),
    "exemption not hashed": signed_variant(lambda d: d["exemptions"]["installs"].append("tester@example.com")),
    "exemption in upper case": signed_variant(lambda d: d["exemptions"]["devices"].append("A" * 64)),
})
for name, document in bad.items():
    check(f"{name} is rejected", not validator.is_valid(document))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
