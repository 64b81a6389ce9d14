# Type stub of the ldiv package (python/ldiv/__init__.py).
import os
from typing import Any, Callable, Mapping, Sequence, Union

import pandas as pd

__version__: str

Data = Union[pd.DataFrame, str, os.PathLike[str], None]
Hierarchy = Union[str, pd.DataFrame]
Progress = Callable[[float], None]
ProjectRef = Union[str, os.PathLike[str], "Project", None]

class Error(Exception):
    exit_code: int

class InputError(Error, ValueError):
    file: str
    line: int
    column: int
    def __init__(self, message: str, file: str = ..., line: int = ..., column: int = ...) -> None: ...

class ParameterError(Error, ValueError): ...
class RequirementNotMet(Error, RuntimeError): ...
class LdivWarning(UserWarning): ...

class Record:
    def __init__(self, data: dict[str, Any]) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def keys(self) -> list[str]: ...
    def to_dict(self) -> dict[str, Any]: ...

class SearchResult(Record):
    lattice_size: int
    satisfying_count: int
    minimal_nodes: list[list[int]]
    optimum: Record | None
    checked_nodes: int
    elapsed_ms: float
    load_ms: float
    proven_optimal: bool
    statistics: Record

# The fields every result of the command has (the CLI's --json keys); options add others,
# which read as attributes too (Record.__getattr__).
class AuditResult(Record):
    average_class_size: float
    classes: int
    criteria: list[Any]
    k: int
    max_class_size: int
    min_class_size: int
    node: list[int]
    qi: list[str]
    rows: int
    sensitive: list[Record]

class RiskResult(Record):
    classes: int
    distribution: list[Record]
    journalist: Record | None
    marketer: Record
    node: list[int]
    node_satisfies: bool
    population_size: float | None
    population_uniques: Record | None
    prosecutor: Record
    rows: int
    sample_uniques: float
    suppressed_rows: int
    threshold: float

class UtilityResult(Record):
    attributes: list[Record]
    contingency: list[Record]
    elapsed_ms: float
    node: list[int]
    quality: Record
    rows: Record

class ExplainResult(Record):
    classes: int
    criteria: list[Record]
    fixes: Record
    metric: str
    node: list[int]
    rows: int
    satisfies: bool
    suppressed_rows: int
    utility: float

class FrontierResult(Record):
    elapsed_ms: float
    metric: str
    pareto: list[int]
    points: list[Record]
    risk_model: str
    shared_grouping: bool

class VerifyResult(Record):
    claims: list[Record]
    not_checked: list[str]
    release: str
    verified: bool

class DiagnoseResult(Record):
    answers: list[Record]
    attributes: list[str]
    calls: int
    elapsed_ms: float
    ms_per_call: float
    naive_calls: int
    question: int
    rows: int

class PublishResult(Record):
    data: pd.DataFrame
    release: dict[str, Any] | None
    allow_failing: bool
    columns: list[str]
    formulas_neutralized: bool
    node: list[int]
    output: str | None
    removed_columns: list[str]
    rows: int
    satisfies: bool
    seed: int
    shuffled: bool
    suppressed_rows: int


# Keyword options are the CLI's long options with '_' for '-' (threads=1, suppression=0.02,
# criteria_grid="k=2..10", question=3, k=5): a list repeats the option, True is a flag.
def search(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    **options: Any) -> SearchResult: ...
def audit(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    node: Sequence[int] | str = ...,
    **options: Any) -> AuditResult: ...
def risk(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    node: Sequence[int] | str = ...,
    **options: Any) -> RiskResult: ...
def utility(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    node: Sequence[int] | str = ...,
    **options: Any) -> UtilityResult: ...
def explain(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    node: Sequence[int] | str = ...,
    **options: Any) -> ExplainResult: ...
def frontier(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    criteria_grid: Sequence[str] | str = ..., suppression: Sequence[float] | float = ...,
    **options: Any) -> FrontierResult: ...
def diagnose(
    data: Data = ..., *, project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    progress: Progress | None = ...,
    question: int = ..., k: int = ..., delta: float = ...,
    **options: Any) -> DiagnoseResult: ...
def publish(
    data: Data = ..., *, node: Sequence[int] | str = ..., project: ProjectRef = ...,
    qi: Sequence[str] | None = ..., sensitive: Sequence[str] | str | None = ...,
    identifying: Sequence[str] | None = ..., insensitive: Sequence[str] | None = ...,
    hierarchies: Mapping[str, Hierarchy] | None = ...,
    criteria: Sequence[str] | str | None = ..., missing_tokens: Sequence[str] | None = ...,
    output: str | os.PathLike[str] | None = ..., release: bool | str | os.PathLike[str] = ...,
    progress: Progress | None = ..., **options: Any) -> PublishResult: ...
generalize = publish
def verify(release: str | os.PathLike[str], published: str | os.PathLike[str], *,
           original: str | os.PathLike[str] | None = ..., progress: Progress | None = ...,
           **options: Any) -> VerifyResult: ...
def version_info() -> dict[str, Any]: ...

class Project:
    config: dict[str, Any]
    path: str | None
    def __init__(self, config: dict[str, Any], path: str | None = ...) -> None: ...
    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Project: ...
    def save(self, path: str | os.PathLike[str] | None = ...) -> str: ...
