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
    ("ratinglist", &["model", "regulations", "write"]),
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
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "across",
        ],
    ),
    (
        "check",
        &["read", "model", "diag", "rules", "regulations", "across"],
    ),
    (
        "rating",
        &[
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "across",
            "rules",
            "check",
        ],
    ),
    (
        "render",
        &[
            "source",
            "read",
            "model",
            "diag",
            "regulations",
            "ratinglist",
            "across",
            "rules",
            "check",
            "rating",
        ],
    ),
    ("write", &["source", "read", "model"]),
    (
        "generate",
        &["source", "model", "regulations", "ratinglist", "write"],
    ),
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

/// The stages a file's code (not its comments, not its unit tests) names as
/// `crate::<stage>`.
fn imports(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            // Unit tests sit at the end of a file and may build inputs with
            // any stage (a model test reads a TRF with the reader).
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        let code = code.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
            rest = after;
        }
    }
    found
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
    let text = "//! see crate::render\nuse crate::model::Tournament;\nlet x = crate::diag::sort(&mut v); // crate::rules\n#[cfg(test)]\nmod tests { use crate::read::parse_str; }\n";
    let found: Vec<String> = imports(text).into_iter().collect();
    assert_eq!(found, ["diag", "model"]);
}
