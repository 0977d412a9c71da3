"""The deck builder's file actions: new, open, save, save as, rename, duplicate, delete,
import and export. A mixin of the scene: it reads the scene's editor and path and opens the
scene's dialogs, and goes to disk only through game.decks.library (atomic saves, backups).

Rules it keeps: a starter deck never changes (saving one asks for a new name), a file is
written only when the player saves, a failed save says why and leaves the old file whole,
leaving with unsaved changes always asks first, and a file changed on disk since it was
opened or saved here (another window, an editor) is never overwritten without asking: keep
mine, load theirs, or save mine as a copy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from pathlib import Path

from game.decks import library
from game.decks.deck import Deck
from game.decks.edit import DeckEditor
from game.decks.text import deck_to_text
from game.engine.carddefs import CardDef
from game.files import folders
from game.files.fileio import FileError, atomic_write_text, read_bytes, read_text
from game.ui import clipboard
from game.ui.widgets import Dialog, DialogButton, Option, Toast, confirm, notice, prompt
from game.ui.widgets.textfield import PickField

IMPORT_SUFFIXES = (".txt", ".yaml", ".yml")


def export_files(folder: Path) -> list[Path]:
    """Deck files in `folder`, newest first (none when it cannot be read)."""
    try:
        found = [p for p in folder.iterdir() if p.suffix.lower() in IMPORT_SUFFIXES and p.is_file()]
        return sorted(found, key=lambda p: (-p.stat().st_mtime, p.name))
    except OSError:
        return []


def disk_digest(path: Path | None) -> str | None:
    """What a deck file holds (a digest of its bytes); None when there is none to read."""
    if path is None:
        return None
    try:
        return hashlib.sha256(read_bytes(path, "deck")).hexdigest()
    except FileError:
        return None


class FileActions:
    """Mixed into DeckBuilderScene (which provides editor, path, readonly, pool, toast...)."""

    editor: DeckEditor
    path: Path | None
    readonly: bool
    file_problems: tuple[str, ...]
    pool: Mapping[str, CardDef]
    settings: folders.Settings
    toast: Toast

    # the scene provides these
    seen_on_disk: str | None = None  # the file's digest when opened or last saved here

    def ask(self, dialog: Dialog) -> None: ...
    def load_editor(self, deck: Deck, path: Path | None, readonly: bool,
                    problems: tuple[str, ...] = ()) -> None: ...

    # ------------------------------------------------------------ guards
    def unsaved_then(self, action: Callable[[], None], what: str = "continue") -> None:
        """Run `action`, first asking what to do with unsaved changes if there are any."""
        if not self.editor.dirty:
            action()
            return

        def save_then() -> str | None:
            if self.save(then=action):
                return None
            return None

        def discard() -> None:
            action()

        self.ask(Dialog("Unsaved changes",
                        f"\u201c{self.editor.name}\u201d has changes that are not saved. "
                        f"Save them before you {what}?",
                        [DialogButton("Save", save_then, "primary"),
                         DialogButton("Discard", discard, "danger"),
                         DialogButton("Cancel")], default=0, cancel=2))

    # ------------------------------------------------------------- lists
    def deck_options(self) -> list[Option]:
        """Every deck file for the Open menu, with its status beside it."""
        out = []
        for e in library.list_decks(self.pool):
            note = "starter" if e.readonly else ""
            if not e.complete:
                note = "large file" + (", starter" if e.readonly else "")
            elif not e.legal:
                note = ("broken" if e.malformed else "not legal") + (", starter" if e.readonly else "")
            out.append(Option(e.name, e, True, note))
        return out

    # -------------------------------------------------------------- open
    def open_entry(self, entry: library.DeckEntry) -> None:
        self.unsaved_then(lambda: self._open(entry), "open another deck")

    def _open(self, entry: library.DeckEntry) -> None:
        entry = entry.full(self.pool)  # a list read only the header of a large file
        deck = entry.deck or Deck(entry.name, ())
        self.load_editor(deck, entry.path, entry.readonly,
                         entry.problems if entry.malformed else ())
        self.settings.set("deck_builder", "last_deck", str(entry.path))
        self.settings.save()
        if entry.malformed:
            self.ask(notice("This deck file has problems",
                            "It opens with what could be read. Nothing is written to the file "
                            "until you save it.", entry.problems))
        elif entry.readonly:
            self.toast.show(f"{entry.name}: a starter deck, read-only. Save as to keep a copy.")
        else:
            self.toast.show(f"Opened {entry.name}", "ok")

    def new_deck(self) -> None:
        self.unsaved_then(lambda: self.load_editor(Deck("New deck", ()), None, False),
                          "start a new deck")

    # -------------------------------------------------------------- save
    def remember_disk(self) -> None:
        """The deck's file as it is now is the one this screen knows (opened, saved)."""
        self.seen_on_disk = disk_digest(self.path) if not self.readonly else None

    def changed_on_disk(self) -> bool:
        """True when the deck's file changed (or went) since it was opened or saved here."""
        return self.path is not None and not self.readonly \
            and disk_digest(self.path) != self.seen_on_disk

    def save(self, then: Callable[[], None] | None = None) -> bool:
        """Save to the deck's file; a new or starter deck asks for a name first, and a file
        changed on disk since it was opened asks what to do."""
        if self.path is None or self.readonly:
            self.save_as(then)
            return False
        if self.changed_on_disk():
            self._ask_outside_edit(self.path, then)
            return False
        return self._write(self.path, then)

    def _ask_outside_edit(self, path: Path, then: Callable[[], None] | None) -> None:
        """The file changed since it was opened here: overwrite it, take it, or keep both."""
        def keep_mine() -> None:
            self._write(path, then)

        def load_theirs() -> None:
            self._open(library.read_deck(path, self.pool))

        def save_copy() -> None:
            self.editor.rename(self._free_name(f"{self.editor.name} (mine)"))
            self._write(None, then)

        self.ask(Dialog(
            "The deck changed on disk",
            f"\u201c{path.name}\u201d was changed outside this screen (another window or "
            f"program) since you opened it. Keep your version (theirs is overwritten), load "
            f"theirs (your changes are dropped), or save yours as a copy (both are kept)?",
            [DialogButton("Keep mine", keep_mine, "danger"),
             DialogButton("Load theirs", load_theirs),
             DialogButton("Save mine as a copy", save_copy, "primary"),
             DialogButton("Cancel")], default=2, cancel=3, width=760))

    def _free_name(self, base: str) -> str:
        """`base`, or `base 2`, `base 3`...: a deck name none of the player's decks has."""
        taken = {e.name.lower() for e in library.list_decks(self.pool, starters=False)}
        name, n = base, 2
        while name.lower() in taken:
            name, n = f"{base} {n}", n + 1
        return name

    def _write(self, path: Path | None, then: Callable[[], None] | None = None) -> bool:
        """Save to `path`, or (None) to a new file named after the deck, taken exclusively."""
        try:
            if path is None:
                path = library.save_new_deck(self.editor.deck())
            else:
                library.save_user_deck(self.editor.deck(), path)
        except FileError as exc:
            self.ask(notice("The deck was not saved", f"{exc.problem}. The file on disk is as "
                            "it was; nothing was lost.", [str(exc)]))
            return False
        self.path, self.readonly = path, False
        self.file_problems = ()
        self.remember_disk()
        self.editor.mark_saved()
        self.settings.set("deck_builder", "last_deck", str(path))
        self.settings.save()
        self.toast.show(f"Saved {self.editor.name}", "ok")
        if then is not None:
            then()
        return True

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        start = self.editor.name if not self.readonly else f"My {self.editor.name}"

        def ok(name: str) -> str | None:
            problem = self._name_problem(name)
            if problem:
                return problem
            self.editor.rename(name)
            self._write(None, then)
            return None

        self.ask(prompt("Save deck as", "A name for the deck (it is saved in your decks folder).",
                        start, ok, ok="Save"))

    def _name_problem(self, name: str) -> str | None:
        if not name:
            return "A deck needs a name."
        if len(name) > 60:
            return "At most 60 characters."
        taken = {e.name.lower() for e in library.list_decks(self.pool, starters=False)
                 if e.path != self.path}
        if name.lower() in taken:
            return f"You already have a deck called {name}."
        return None

    def rename(self) -> None:
        def ok(name: str) -> str | None:
            problem = self._name_problem(name)
            if problem:
                return problem
            if self.path is None or self.readonly:
                self.editor.rename(name)
                self.toast.show(f"Renamed to {name} (not saved yet)")
                return None
            try:
                new_path = library.rename_deck_file(self.path, self.editor.deck(), name)
            except FileError as exc:
                return str(exc.problem)
            self.editor.rename(name)
            self.editor.mark_saved()
            self.path = new_path
            self.remember_disk()
            self.toast.show(f"Renamed to {name} and saved", "ok")
            return None

        self.ask(prompt("Rename deck", "The new name:", self.editor.name, ok, ok="Rename"))

    def duplicate(self) -> None:
        name = self._free_name(f"{self.editor.name} copy")
        deck = self.editor.deck()
        copy = Deck(name, deck.main, deck.side, deck.extra)
        try:
            path = library.save_new_deck(copy)
        except FileError as exc:
            self.ask(notice("The copy was not saved", str(exc)))
            return

        def open_copy() -> None:
            self.load_editor(copy, path, False)
            self.toast.show(f"Saved a copy: {name}", "ok")

        self.unsaved_then(open_copy, "open the copy")

    def delete(self) -> None:
        if self.path is None or self.readonly:
            self.toast.show("Only your own saved decks can be deleted", "error")
            return
        path, name = self.path, self.editor.name

        def yes() -> str | None:
            try:
                library.delete_deck(path)
            except FileError as exc:
                return exc.problem
            self.load_editor(Deck("New deck", ()), None, False)
            self.toast.show(f"Deleted {name}", "ok")
            return None

        self.ask(confirm("Delete deck", f"Delete \u201c{name}\u201d for good? Its file is removed "
                         "from your decks folder.", yes, yes="Delete", danger=True))

    # ------------------------------------------------------ import/export
    def import_text(self, text: str, source: str) -> None:
        """A deck from text: deck YAML if it reads as one, else a text list."""
        deck, problems = self._parse_import(text, source)
        if deck is None:
            self.ask(notice("Nothing to import", f"{source} holds no deck.", problems))
            return

        def load() -> None:
            self.load_editor(deck, None, False)
            self.editor.mark_unsaved()  # the import is not a file yet
            if problems:
                self.ask(notice("Imported, with problems",
                                f"These lines of {source} were not imported:", problems))
            else:
                self.toast.show(f"Imported {deck.name} from {source}; save it to keep it", "ok")

        self.unsaved_then(load, "import")

    def _parse_import(self, text: str, source: str) -> tuple[Deck | None, list[str]]:
        return library.parse_import(text, self.pool, source)  # the one reader of imports

    def import_clipboard(self) -> None:
        self.import_text(clipboard.get_text(), "the clipboard")

    def import_file(self) -> None:
        """The exports folder's deck files are listed and the newest is filled in (selected:
        typing replaces it); Up/Down or a click on a row picks one, a click on the picked row
        (a double-click) imports it; a bare name is read from there."""
        folder = folders.exports_dir()
        files = export_files(folder)
        field = PickField((0, 0, 10, 40), str(files[0]) if files else str(folder) + "/",
                          [str(f) for f in files], max_length=1000)

        def ok() -> str | None:
            path = Path(field.value.strip()).expanduser()
            if not path.is_absolute() and path.parent == Path("."):
                path = folder / path  # a bare name: from the exports folder
            try:
                text = read_text(path, "deck")
            except FileError as exc:
                return exc.problem
            self.import_text(text, path.name)
            return None

        if files:
            message = f"{len(files)} deck file{'s' if len(files) != 1 else ''} in {folder} " \
                      "(click or Up/Down to pick one), or type any path:"
        else:
            message = f"No deck files in {folder} yet. Path of a deck .yaml or a .txt card list:"
        self.ask(Dialog("Import a deck file", message,
                        [DialogButton("Import", ok, "primary"), DialogButton("Cancel")],
                        field=field, details=[f.name for f in files], default=0, cancel=1))

    def export_text(self) -> str:
        return deck_to_text(self.editor.deck(), self.pool)

    def export_clipboard(self, fmt: str) -> None:
        deck = self.editor.deck()
        clipboard.put_text(self.export_text() if fmt == "text" else library.deck_yaml(deck))
        self.toast.show("Copied the deck to the clipboard as "
                        + ("a text list" if fmt == "text" else "YAML"), "ok")

    def export_file(self, fmt: str) -> None:
        suffix = ".txt" if fmt == "text" else ".yaml"
        start = folders.exports_dir() / f"{library.slug(self.editor.name)}{suffix}"

        def ok(path_text: str) -> str | None:
            path = Path(path_text).expanduser()
            body = self.export_text() if fmt == "text" else library.deck_yaml(self.editor.deck())
            try:
                atomic_write_text(path, body)
            except FileError as exc:
                return exc.problem
            self.toast.show(f"Exported to {path}", "ok")
            return None

        self.ask(prompt("Export deck", "Save to this file:", str(start), ok, ok="Export",
                        max_length=1000))
