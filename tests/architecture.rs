//! `ARCHITECTURE.md` is kept true by this test: every folder under `src/` is
//! described there, every `src/` path it names exists, and each stage imports
//! only the stages its row allows (data flows one way).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each stage and the stages it may import (`crate::<stage>`), as
/// ARCHITECTURE.md's table states them.
const ALLOWED: &[(&str, &[&str])] = &[
    ("source", &[]),
    ("read", &["source", "model", "diag"]),
    ("model", &["source"]),
    ("diag", &["source"]),
    ("regulations", &[]),
    ("ratinglist", &["source", "model", "regulations", "write"]),
    ("options", &["regulations", "ratinglist"]),
    (
        "eligibility",
        &["source", "model", "diag", "regulations", "options"],
    ),
    (
        "analysis",
        &[
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "options",
            "eligibility",
        ],
    ),
    (
        "across",
        &[
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
        ],
    ),
    (
        "rules",
        &[
            "analysis",
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "options",
            "eligibility",
            "across",
        ],
    ),
    (
        "check",
        &[
            "analysis",
            "source",
            "read",
            "model",
            "diag",
            "rules",
            "regulations",
            "options",
            "eligibility",
            "across",
        ],
    ),
    (
        "rating",
        &[
            "analysis",
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "options",
            "eligibility",
            "across",
            "rules",
            "check",
        ],
    ),
    (
        "norms",
        &[
            "analysis",
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "options",
            "eligibility",
            "ratinglist",
            "rules",
            "check",
            "rating",
        ],
    ),
    (
        "render",
        &[
            "analysis",
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "options",
            "eligibility",
            "across",
            "rules",
            "check",
            "rating",
            "norms",
            "pairings",
        ],
    ),
    (
        "upload",
        &[
            "source",
            "read",
            "ratinglist",
            "across",
            "rules",
            "check",
            "rating",
            "render",
        ],
    ),
    ("write", &["source", "read", "model"]),
    ("pairings", &["source", "read", "model"]),
    (
        "generate",
        &["source", "model", "regulations", "ratinglist", "write"],
    ),
    // The command line (`trfkit::cli`, feature `cli`): it may use every
    // stage (`*`); no stage may use it (it is in no other row).
    ("cli", &["*"]),
    // The fuzz targets' properties (feature `fuzzing`): like the CLI, they
    // drive every stage; no stage may use them.
    ("fuzzing", &["*"]),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// A file's production code: comments and `#[cfg(test)]` items (a unit
/// test module may build inputs with any stage) taken out, the rest kept
/// wherever it stands in the file.
fn production_code(text: &str) -> String {
    let mut out = String::new();
    let mut skip_item = false;
    let mut depth = 0usize;
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let trimmed = code.trim_start();
        if depth == 0 && !skip_item && trimmed.starts_with("#[cfg(test)]") {
            skip_item = true;
            continue;
        }
        if skip_item {
            // The item after the attribute: up to its `;`, or its whole
            // `{ ... }` block.
            for c in code.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            let opened = code.contains('{') || depth > 0;
            if depth == 0 && (opened || trimmed.ends_with(';')) {
                skip_item = false;
            }
            continue;
        }
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Every path the code names from the crate root, as `a::b::c`: plain
/// (`crate::model::Tournament`) and grouped (`use crate::{model::Games,
/// rules::Ctx}`).
fn crate_paths(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
            .collect::<String>()
            .trim_end_matches(':')
            .to_owned()
    };
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            // The group up to its closing brace; its top-level items.
            let mut depth = 1usize;
            let mut end = group.len();
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let inner = &group[..end];
            let mut level = 0usize;
            let mut start = 0;
            for (k, c) in inner.char_indices().chain([(inner.len(), ',')]) {
                match c {
                    '{' => level += 1,
                    '}' => level = level.saturating_sub(1),
                    ',' if level == 0 => {
                        let item = ident(inner[start..k.min(inner.len())].trim());
                        if !item.is_empty() {
                            found.push(item);
                        }
                        start = (k + 1).min(inner.len());
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(after);
            if !name.is_empty() {
                found.push(name);
            }
        }
        rest = after;
    }
    found
}

/// The stages a file's production code names as `crate::<stage>`.
fn imports(text: &str) -> BTreeSet<String> {
    crate_paths(&production_code(text))
        .into_iter()
        .filter_map(|p| p.split("::").next().map(str::to_owned))
        .collect()
}

#[test]
fn each_stage_imports_only_the_stages_above_it() {
    let src = root().join("src");
    let stages: BTreeSet<&str> = ALLOWED.iter().map(|(s, _)| *s).collect();
    let mut wrong = Vec::new();
    for (stage, allowed) in ALLOWED {
        let dir = src.join(stage);
        let mut files = Vec::new();
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        } else {
            files.push(src.join(format!("{stage}.rs")));
        }
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for used in imports(&text) {
                if used != *stage
                    && stages.contains(used.as_str())
                    && !allowed.contains(&"*")
                    && !allowed.contains(&used.as_str())
                {
                    wrong.push(format!(
                        "{} imports crate::{used}",
                        f.strip_prefix(root()).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the one-way flow of ARCHITECTURE.md:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn architecture_md_describes_the_tree() {
    let doc = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let mut dirs = Vec::new();
    for e in std::fs::read_dir(root().join("src")).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            dirs.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    for d in &dirs {
        assert!(
            doc.contains(&format!("`src/{d}/`")),
            "ARCHITECTURE.md does not describe src/{d}/"
        );
    }
    for stage in ALLOWED.iter().map(|(s, _)| *s) {
        let known =
            dirs.iter().any(|d| d == stage) || root().join(format!("src/{stage}.rs")).is_file();
        assert!(
            known,
            "the stage `{stage}` is neither src/{stage}/ nor src/{stage}.rs"
        );
    }
    // Every `src/…` path the page names exists.
    let mut rest = doc.as_str();
    while let Some(i) = rest.find("`src/") {
        let after = &rest[i + 1..];
        let end = after.find('`').unwrap();
        let path = &after[..end];
        assert!(
            root().join(path.trim_end_matches('/')).exists(),
            "ARCHITECTURE.md names {path}, which does not exist"
        );
        rest = &after[end..];
    }
}

#[test]
fn imports_are_read_from_code_not_comments_or_unit_tests() {
    let text = "//! see crate::render\nuse crate::model::Tournament;\nlet x = crate::diag::sort(&mut v); // crate::rules\n#[cfg(test)]\nmod tests {\n    use crate::read::parse_str;\n}\n#[cfg(test)]\nuse crate::write::write;\nuse crate::{check::check, rating::{rate, RateOptions}};\nfn late() { crate::ratinglist::ListLookup::ids_of(t); }\n";
    let found: Vec<String> = imports(text).into_iter().collect();
    assert_eq!(found, ["check", "diag", "model", "rating", "ratinglist"]);
}

/// The module a file is (`render::view`, `rules` for `rules/mod.rs`).
fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(root().join("src")).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    parts
}

/// The files each library file imports (by `crate::` and `super::`
/// paths, resolved to the longest module that is a file).
fn module_graph() -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.retain(|f| !f.starts_with(root().join("src/cli")) && !f.ends_with("main.rs"));
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(f).join("::")).collect();
    let mut graph = std::collections::BTreeMap::new();
    for f in &files {
        let me = module_of(f);
        let code = production_code(&std::fs::read_to_string(f).unwrap());
        let mut paths: Vec<Vec<String>> = crate_paths(&code)
            .iter()
            .map(|p| p.split("::").map(str::to_owned).collect())
            .collect();
        // `super::x`: a sibling of this file (a child of its folder for
        // a `mod.rs`'s parent).
        let mut rest = code.as_str();
        while let Some(i) = rest.find("super::") {
            let after = &rest[i + "super::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `me` of a `mod.rs` is its folder already: either way the
            // parent is one segment up.
            let mut p = me.clone();
            p.pop();
            p.extend(
                name.trim_end_matches(':')
                    .split("::")
                    .filter(|s| !s.is_empty() && *s != "super")
                    .map(str::to_owned),
            );
            paths.push(p);
            rest = after;
        }
        let mut to = BTreeSet::new();
        for p in paths {
            for n in (1..=p.len()).rev() {
                let m = p[..n].join("::");
                if modules.contains(&m) {
                    if m != me.join("::") && !me.join("::").starts_with(&format!("{m}::")) {
                        to.insert(m);
                    }
                    break;
                }
            }
        }
        graph.insert(me.join("::"), to);
    }
    graph
}

#[test]
fn no_two_files_import_each_other() {
    let graph = module_graph();
    let mut cycles = Vec::new();
    for (a, tos) in &graph {
        for b in tos {
            if a < b && graph.get(b).is_some_and(|t| t.contains(a)) {
                cycles.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "files that import each other:\n{}",
        cycles.join("\n")
    );
}

/// Every test file in `tests/` is a test of one of the two crates: with
/// `autotests = false` (the binary's tests live beside the library's), a
/// file listed in neither manifest would never be compiled or run.
#[test]
fn every_test_file_is_listed_in_a_manifest() {
    let manifests = ["Cargo.toml", "cli/Cargo.toml"]
        .map(|m| std::fs::read_to_string(root().join(m)).unwrap())
        .join("\n");
    let mut missing = Vec::new();
    for e in std::fs::read_dir(root().join("tests")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "rs") {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if !manifests.contains(&format!("tests/{name}\"")) {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{missing:?} in no [[test]] of Cargo.toml (the library alone) or cli/Cargo.toml (tests that run `trf`)"
    );
}
