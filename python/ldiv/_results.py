"""Typed results: each is the CLI's `--json` object, its keys as attributes (nested objects
too), with `to_dict()` giving the JSON object itself."""
from __future__ import annotations

from typing import Any


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Record(value)
    if isinstance(value, list):
        return [_wrap(v) for v in value]
    return value


class Record:
    """A JSON object whose keys read as attributes (`r.lattice_size`, `r["lattice-size"]`)."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        object.__setattr__(self, "_data", data)

    def __getattr__(self, name: str) -> Any:
        data = object.__getattribute__(self, "_data")
        if name in data:
            return _wrap(data[name])
        if name.replace("_", "-") in data:
            return _wrap(data[name.replace("_", "-")])
        raise AttributeError(f"{type(self).__name__} has no field '{name}'; fields are: "
                             + ", ".join(data))

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._data[key])

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def __dir__(self) -> list[str]:
        return sorted(set(self._data) | {"to_dict", "keys"})

    def keys(self) -> list[str]:
        return list(self._data)

    def to_dict(self) -> dict[str, Any]:
        """The CLI's JSON object, as json.loads gives it."""
        return self._data

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return self._data == other._data
        if isinstance(other, dict):
            return self._data == other
        return NotImplemented

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={self._data[k]!r}" for k in list(self._data)[:6])
        more = ", …" if len(self._data) > 6 else ""
        return f"{type(self).__name__}({fields}{more})"


class SearchResult(Record):
    """`ldiv search --json`."""


class AuditResult(Record):
    """`ldiv audit --json`."""


class RiskResult(Record):
    """`ldiv risk --json`."""


class UtilityResult(Record):
    """`ldiv utility --json`."""


class ExplainResult(Record):
    """`ldiv explain --json`."""


class FrontierResult(Record):
    """`ldiv frontier --json`."""


class VerifyResult(Record):
    """`ldiv verify --json`."""


class DiagnoseResult(Record):
    """`ldiv diagnose --json`."""


class PublishResult(Record):
    """`ldiv generalize --json`, with the published table as `data` and the release record
    (when one was asked for) as `release`."""

    __slots__ = ("data", "release")

    def __init__(self, summary: dict[str, Any], data: Any, release: dict[str, Any] | None):
        super().__init__(summary)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "release", release)
