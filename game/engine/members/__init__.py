"""The members of the engine's hot enums as module attributes: `Zones.HAND` is `Zone.HAND`.

Hot code reads enum members hundreds of times per command. On CPython 3.11 `Zone.HAND`
goes through `EnumType.__getattr__`, and even a plain class attribute (`SomeClass.HAND`)
is looked up on the type at every read (`type_getattro`: two type lookups, about eighty
machine instructions); an attribute of a module is specialised by the interpreter
(`LOAD_ATTR_MODULE`, about fifteen). So each enum's members live in a module of their
own here, imported under the old namespace's name: `from .members import zones as Zones`
(docs/engine.md "Speed"). Likewise `.value` is a slow property there: hot code reads
`._value_`, the same string.
"""
