//! Sentences as data: a code of the Python package's message catalog and its parameters.
//!
//! The engine words nothing itself: a refusal, a factor, a note or an error is a [`Coded`]
//! value, and the package renders it in the reader's language.

/// A sentence as data: the code of the package's message catalog and its parameters (the
/// words are the Python package's, in the reader's language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coded {
    pub code: &'static str,
    pub params: Vec<(&'static str, Param)>,
}

/// A parameter of a coded sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    Int(u64),
    Text(String),
}

impl Coded {
    /// The sentence `code` with `params`.
    pub fn new(code: &'static str, params: Vec<(&'static str, Param)>) -> Coded {
        Coded { code, params }
    }

    /// The sentence `code`, which has no parameters.
    pub fn bare(code: &'static str) -> Coded {
        Coded::new(code, Vec::new())
    }

    /// The parameter `key`, if the sentence has it.
    pub fn param(&self, key: &str) -> Option<&Param> {
        self.params.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

/// `code(key=value, ...)`: a coded sentence in short (for tests and debugging, not for players).
impl std::fmt::Display for Coded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(k, v)| match v {
                Param::Int(n) => format!("{k}={n}"),
                Param::Text(t) => format!("{k}={t}"),
            })
            .collect();
        write!(f, "{}({})", self.code, params.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coded_sentence_shows_its_code_and_parameters() {
        let coded = Coded::new(
            "core.rules.seats",
            vec![("seats", Param::Int(7)), ("why", Param::Text("x".into()))],
        );
        assert_eq!(coded.to_string(), "core.rules.seats(seats=7, why=x)");
        assert_eq!(coded.param("seats"), Some(&Param::Int(7)));
        assert_eq!(coded.param("other"), None);
        assert_eq!(
            Coded::bare("core.match-over").to_string(),
            "core.match-over()"
        );
    }
}
