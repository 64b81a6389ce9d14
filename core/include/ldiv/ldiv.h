#pragma once
// The front door: enough for a first program that loads a project, configures and runs a
// search, and publishes the optimum (docs/api.md walks through it). Each step is one header of
// its domain; the rest of ldiv/<domain>/ is reachable but not required.
//
//   load       ldv::loadProject, ldv::Workspace           ldiv/project/workspace.h
//   configure  ldv::SearchConfig, ldv::bindCriteria,       ldiv/evaluation/search_config.h
//              ldv::criteriaInputs, ldv::parseMetric        ldiv/project/workspace_criteria.h
//   search     ldv::search → ldv::SearchResult             ldiv/search/search_result.h
//   publish    ldv::publishNode → ldv::PublishedNode,      ldiv/publish/published_node.h
//              ldv::writeTableCsv                           ldiv/io/csv_table_reader.h
//   errors     ldv::InputError (exit 2), ParameterError (1) ldiv/data/error.h
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/project/search_settings.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"
