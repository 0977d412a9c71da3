"""Card verbs: one `Verb` object per verb, in a `VerbRegistry` (docs/cards.md, "Adding a verb").

`base` defines what a verb is (a leaf module the frozen card data may import); `builtin`
holds the verbs of the shipped vocabulary as `BUILTIN`. Import them from those modules:
this package imports nothing itself, so loading `base` never pulls in the executor.
"""
