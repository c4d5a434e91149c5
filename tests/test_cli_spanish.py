"""The ``parlour`` command line in Spanish (issue 29, item 6): ``--lang`` or
the locale variables choose; the CLI's own words come from the ``cli``
catalogue, the games' words are translated where they are printed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import parlour
import parlour.help
import parlour.i18n
from cli_run import Cli
from parlour.engine import game_class
from parlour.i18n import DOMAINS, Messages, read_catalogue, translate
from parlour.stats import record_game


def test_rules_in_spanish_print_the_games_spanish_help_and_options(
    cli: Cli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``parlour rules polignac --lang es`` prints ``rules_help("es")`` (the
    help files are stood in for here, so the test holds before and after the
    Spanish help files are added)."""
    monkeypatch.setattr(parlour.help, "LANGUAGES", ("en", "es"))
    monkeypatch.setattr(parlour.help, "_packaged", lambda name, lang: f"{name} en {lang}\n")
    monkeypatch.setenv("COLUMNS", "300")  # each option on one line
    run = cli("rules", "polignac", "--lang", "es")
    assert (run.status, run.err) == (0, "")
    assert game_class("polignac").rules_help("es") == "polignac en es\n"
    lines = run.out.splitlines()
    assert lines[:3] == ["polignac en es", "", "Opciones"]
    assert re.match(r"opción\s+por defecto\s+permitido\s+significado\s*$", lines[3])
    help_line = translate("the capot bidder leads to trick 1", "es")
    assert re.search(rf"^capot_bidder_leads\s+false\s+\S.*\s+{re.escape(help_line)}",
                     run.out, re.MULTILINE)
    assert lines[-1] == ("Se fijan con --option NOMBRE=VALOR, p. ej. parlour play polignac "
                         "--option target=20")


def play_in_spanish(cli: Cli, *args: str, stdin: str) -> list[str]:
    run = cli("play", "polignac", "--seed", "3", *args, stdin=stdin)
    assert (run.status, run.err) == (0, "")
    return run.out.splitlines()


def test_play_in_spanish_shows_the_table_and_takes_spanish_commands(cli: Cli) -> None:
    lines = play_in_spanish(cli, "--lang", "es", stdin="ayuda\njugadas\nlegal\nsalir\n")
    table = lines[lines.index("Polignac · " + translate("hand", "es") + " 1 · baza 1"):]
    assert re.match(r"\s+jugador\s+cartas\s+puntos\s+bazas\s+fallo\s*$", table[1])
    dealer = re.escape(translate("dealer", "es"))  # a flag: the games catalogue's word
    assert re.match(rf"▶\s+P0 \(tú\)\s+8\s+0\s+0\s+—\s+{dealer}\s*$", table[3])
    prompt = translate("Play a card to the trick", "es")
    assert "Baza                    P1 A♦   P2 Q♦   P3 10♦" in table
    assert "Objetivo                20" in table
    assert f"Turno                   Te toca: {prompt}" in table
    assert "Tu mano                 Q♠ A♠ 9♠  K♥  J♦ 9♦  A♣ 10♣" in table
    assert "Válidas                 J♦ 9♦" in table
    after = table[table.index("Válidas                 J♦ 9♦") + 1:]
    assert after == [
        "P0 (tú) › ayuda",
        "Escribe una jugada y pulsa Intro:",
        "  una carta    su código, p. ej. JS, TD, 10D or J♠ (mayúsculas o minúsculas; también "
        "valen los símbolos de palo)",
        "  un anuncio   una palabra de las reglas (paso, capote ...) cuando es una jugada válida",
        "  jugadas      muestra tus jugadas válidas",
        "  pista        muestra lo que jugaría aquí el nivel hard (no se juega)",
        "  ayuda        muestra esta ayuda",
        "  salir        deja la partida (se guarda si diste --save)",
        "P0 (tú) › jugadas",
        "J♦ 9♦",
        "P0 (tú) › legal",
        "J♦ 9♦",
        "P0 (tú) › salir",
        "Has dejado la partida tras 5 jugadas.",
    ]


def test_a_move_typed_as_the_spanish_table_shows_it_is_played(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The legal moves are shown in Spanish, so a call typed in Spanish is
    the game's English move. The game's words are the games catalogue's;
    here two of them are given, so the test holds whatever it says."""
    spanish = Messages("es", {**parlour.i18n.messages("es").exact,
                              "capot": "capote", "pass": "paso"})
    monkeypatch.setattr(parlour.i18n, "messages", lambda lang: spanish)
    record = tmp_path / "game.json"
    lines = play_in_spanish(cli, "--seat", "random", "--seat", "human", "--lang", "es",
                            "--save", str(record), stdin="Capote\nsalir\n")
    assert "Válidas                 paso · capote" in lines
    assert "P1 (tú) › Capote" in lines
    assert json.loads(record.read_text())["actions"] == ["capot"]
    assert re.search(r"^▶\s+P1 \(tú\)\s+8\s+0\s+0\s+—\s+capote\s*$", "\n".join(lines),
                     re.MULTILINE)


def test_a_german_pack_s_cards_are_named_and_typed_in_spanish(cli: Cli, tmp_path: Path) -> None:
    """Bassadewitz's cards are words (Unter-Acorns): the Spanish table says
    them in Spanish, in the hand, the trick and the log, and a card typed as
    it is shown is played."""
    record = tmp_path / "game.json"
    run = cli("play", "bassadewitz", "--seed", "1", "--save", str(record), "--lang", "es",
              stdin="Unter de Bellotas\nquit\n")
    assert (run.status, run.err) == (0, "")
    lines = run.out.splitlines()
    assert "P1 juega 10 de Bellotas" in lines
    assert re.search(r"^Tu mano\s+Unter de Bellotas  ·  Unter de Hojas · 9 de Hojas  ·  "
                     r"As de Corazones · ", run.out, re.MULTILINE)
    assert re.search(r"^Válidas\s+Unter de Bellotas$", run.out, re.MULTILINE)
    assert "P0 juega Unter de Bellotas" in lines
    assert "Acorns" not in run.out and "Hearts" not in run.out
    assert json.loads(record.read_text())["actions"][3] == "Unter-Acorns"


def test_a_whole_match_of_computers_ends_in_spanish(cli: Cli) -> None:
    run = cli("play", "polignac", "--seed", "3", "--option", "target=1", "--lang", "es",
              *["--seat", "random"] * 4)
    assert (run.status, run.err) == (0, "")
    lines = run.out.splitlines()
    over = next(index for index, line in enumerate(lines) if "Partida terminada" in line)
    assert re.match(r"jugador\s+puntos\s+retorno\s+resultado$", lines[over + 1])
    results = [line.split()[-1] for line in lines[over + 3:over + 7]]
    assert set(results) <= {"ganó", "perdió", "empató"}
    assert re.fullmatch(r"(Ganan: .+\. Pierden: .+\.|Nadie ha ganado: la partida queda en "
                        r"empate\.)", lines[over + 7])


@pytest.mark.parametrize(("environ", "spanish"), [
    ({"LANG": "es_ES.UTF-8"}, True),
    ({"LC_ALL": "es_AR.UTF-8", "LANG": "en_GB.UTF-8"}, True),
    ({"LANGUAGE": "es:en"}, True),
    ({"LANG": "en_GB.UTF-8"}, False),
    ({"LANG": "es_ES.UTF-8", "LC_ALL": "C"}, False),
])
def test_the_locale_variables_choose_the_language(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], spanish: bool,
) -> None:
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    lines = play_in_spanish(cli, stdin="quit\n")
    if spanish:
        assert lines[-2:] == ["P0 (tú) › quit", "Has dejado la partida tras 5 jugadas."]
    else:
        assert lines[-2:] == ["P0 (you) › quit", "You left the game after 5 moves."]


def test_lang_wins_over_the_locale_variables(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for args in (["--lang", "en"], ["--lang=en"]):
        assert play_in_spanish(cli, *args, stdin="quit\n")[-1] == \
            "You left the game after 5 moves."
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert play_in_spanish(cli, "--lang=es", stdin="quit\n")[-1] == \
        "Has dejado la partida tras 5 jugadas."


def test_a_language_parlour_does_not_speak_is_refused(
    cli: Cli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = cli("rules", "polignac", "--lang", "fr")
    assert (run.status, run.out, run.err) == (2, "", "error: --lang must be one of en, es, "
                                                     "not 'fr'\n")
    assert cli("list", "--lang").err == "error: --lang needs a language: one of en, es\n"
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert cli("rules", "polignac", "--lang=fr").err == \
        "error: --lang debe ser uno de en, es, no 'fr'\n"


def test_errors_are_said_in_spanish(cli: Cli, tmp_path: Path) -> None:
    run = cli("play", "polignac", "--seat", "human", "--seat", "human", "--seat", "human",
              "--seat", "human", "--seat", "human", "--lang", "es")
    assert (run.status, run.err) == (
        2, "error: se dieron 5 asientos con --seat pero el juego tiene 4 jugadores\n")
    assert cli("play", "--lang", "es").err == \
        "error: nombra el juego al que jugar, o da --resume FILE\n"
    assert cli("score", "polignac", "--lang", "es").err == (
        "error: polignac no tiene calculadora de tanteo; los juegos que la tienen son "
        "bharg, costly-colours\n")


def test_list_in_spanish(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # each description on one line
    run = cli("list", "--lang", "es")
    assert run.status == 0
    polignac = translate("Polignac", "es")
    assert f"polignac  {polignac} · 3-8 jugadores · baraja piquet32" in run.out
    assert "costly-colours  " + translate("Costly Colours", "es") + \
        " · 2 o 4 jugadores · baraja french52" in run.out
    assert "golf  " + translate("Golf", "es") + " · 1 jugador · baraja progress53" in run.out
    assert re.search(r"^opción\s+por defecto\s+permitido\s*$", run.out, re.MULTILINE)
    description = translate(game_class("polignac").description, "es")
    assert re.search(rf"^  {re.escape(description)}\s*$", run.out, re.MULTILINE)
    assert re.search(r"^target\s+20\s+un entero de 1 a 100\s*$", run.out, re.MULTILINE)
    assert re.search(r"^capot_bidder_leads\s+false\s+true o false\s*$", run.out, re.MULTILINE)


def test_help_in_spanish(cli: Cli) -> None:
    run = cli("rules", "--help", "--lang", "es")
    assert run.status == 0
    assert "Muestra las reglas de un juego (o de un torneo) en breve, las decisiones tomadas " \
        "y sus opciones." in run.out
    assert "el juego, como lo nombra `parlour list`" in run.out
    overview = cli("--lang", "es")
    assert "Juegos de cartas históricos, jugados con fidelidad." in overview.out
    assert re.search(r"^│ play\s+Juega una partida en el terminal contra jugadores del "
                     r"ordenador\.", overview.out, re.MULTILINE)


def test_typers_frame_is_said_in_spanish_and_english_again_after(cli: Cli) -> None:
    spanish = cli("rules", "--help", "--lang", "es").out
    assert re.search(r"^ Uso: parlour rules \[OPTIONS\] \{GAME\}", spanish, re.MULTILINE)
    assert "─ Argumentos ─" in spanish and "─ Opciones ─" in spanish
    assert "[obligatorio]" in spanish and "Muestra este mensaje y sale." in spanish
    assert "[por defecto: local]" in cli("simulate", "--help", "--lang", "es").out
    assert "─ Órdenes ─" in cli("--lang", "es").out
    english = cli("rules", "--help").out
    assert re.search(r"^ Usage: parlour rules", english, re.MULTILINE)
    assert "─ Arguments ─" in english and "─ Options ─" in english
    assert "[required]" in english and "Show this message and exit." in english
    for words in ("Uso:", "Opciones", "obligatorio", "Muestra este mensaje"):
        assert words not in english


@pytest.mark.parametrize(("args", "said"), [
    (("nosuchcommand",), "error: No existe la orden 'nosuchcommand'.\n"),
    (("play", "--nope"), "error: No existe la opción: --nope\n"),
    (("rules", "polignac", "extra"), "error: Sobran argumentos (extra)\n"),
    (("simulate", "polignac", "-n"), "error: La opción '-n' necesita un argumento.\n"),
    (("simulate", "polignac", "-n", "many"),
     "error: Valor no válido para '-n' / '--matches': Se esperaba un número entero\n"),
    (("play", "polignac", "--level", "hard"),
     "error: No existe la opción: --level (opciones posibles: --help, --save, --seed)\n"),
])
def test_typers_errors_are_said_in_spanish(cli: Cli, args: tuple[str, ...], said: str) -> None:
    run = cli(*args, "--lang", "es")
    assert (run.status, run.err) == (2, said)


def test_english_stays_the_default(cli: Cli) -> None:
    run = cli("rules", "--help")
    assert "Show a game's (or an event's) rules in brief" in run.out
    lines = play_in_spanish(cli, stdin="quit\n")
    assert "Legal          J♦ 9♦" in lines
    assert lines[-1] == "You left the game after 5 moves."


# --- the cli catalogue ------------------------------------------------------------
def test_an_event_in_spanish(cli: Cli) -> None:
    event = ("event", "progress-races", "--players", "8", "--rounds", "2", "--seat-level",
             "random", "--seed", "1")
    english, spanish = cli(*event).out.splitlines(), cli(*event, "--lang", "es").out.splitlines()
    title = translate("Progress Races", "es")
    assert spanish[0] == (f"{title} · 8 jugadores en 2 mesas · 2 rondas · jugadores random · "
                          "semilla 1")
    # the event's own lines (the first seating here) are translated as printed
    assert english[1].startswith("First seating")
    assert spanish[1:4] == [translate(line, "es") for line in english[1:4]]
    assert spanish[1] == ("Primera distribución (jugadores Arriba en los asientos 0 y 2, "
                          "Abajo en 1 y 3):")
    assert spanish[2].startswith("  mesa 1: ") and "(Arriba)" in spanish[2]
    assert "(Up)" not in spanish[2] and "(Down)" not in spanish[2]
    rounds = [line for line in spanish if line.startswith("  mesa ") and "): " in line]
    assert rounds and all(line.split(" (")[1].split(")")[0] in (
        "bloqueada", "parada a la señal") or "se quedó sin cartas" in line for line in rounds)
    assert [line for line in spanish if line.startswith("Ronda")] == ["Ronda 1", "Ronda 2"]
    standings = spanish.index("Clasificación final")
    assert re.match(r"puesto\s+jugador\s+papel\s+total\s+manos ganadas\s*$",
                    spanish[standings + 1])


def test_a_patience_in_spanish_takes_moves_back_and_keeps_statistics(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = parlour.make("golf").new_state(seed=5)
    while state.legal_actions() == [53]:
        state.apply(53)  # the draws the terminal makes by itself
    first = translate(state.observation(0)["legal"][0]["text"], "es")
    run = cli("play", "golf", "--seed", "5", "--lang", "es",
              stdin=f"{first}\ndeshacer\ndeshacer\nrehacer\nrehacer\nundo\nsalir\n")
    assert (run.status, run.err) == (0, "")
    assert f"{translate('Columns', 'es')}  1     2     3" in run.out
    assert run.out.count("jugada retirada") == 2
    assert "✗ no hay ninguna jugada que retirar" in run.out
    assert run.out.count("jugada repetida") == 1
    assert "✗ no hay ninguna jugada que repetir" in run.out
    path = tmp_path / "stats.json"
    monkeypatch.setenv("PARLOUR_STATS", str(path))
    assert cli("stats", "--lang", "es").out == \
        f"Aún no has terminado ningún solitario (estadísticas: {path}).\n"
    record_game(path, "golf", won=True, score=-3, higher_is_better=False)
    assert cli("stats", "--lang", "es").out.splitlines() == [
        "golf: jugadas 1, ganadas 1 (100%), mejor puntuación -3, racha actual de victorias 1, "
        "la más larga 1",
        f"(guardadas en {path}; define PARLOUR_STATS para guardarlas en otro sitio)",
    ]


def test_a_replay_in_spanish(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    seats = ["--seat", "random"] * 4
    assert cli("play", "polignac", "--seed", "3", "--option", "target=1", *seats,
               "--save", str(record)).status == 0
    english = cli("replay", str(record)).out.splitlines()
    spanish = cli("replay", str(record), "--lang", "es").out.splitlines()
    moves = len(parlour.replay(record).history)
    assert spanish[0] == f"parlour.make('polignac', target=1) · semilla 3 · {moves} jugadas"
    assert spanish[1] == translate(english[1], "es")
    assert spanish[2] == "  P0 tiene Q♠ A♠ 9♠  K♥  J♦ 9♦  A♣ 10♣"
    assert "Partida terminada" in spanish[-8]
    assert spanish[-1] == "Ganan: P0, P1, P3. Pierden: P2."


def test_a_message_the_cli_shares_with_another_catalogue_says_the_same() -> None:
    """All catalogues are read as one (the last one read wins): a message
    of the cli catalogue that another catalogue holds too (a label the web
    board shows as well) must say the same in both."""
    cli = read_catalogue("es", "cli")
    differ = {(domain, msgid): (cli[msgid], text)
              for domain in DOMAINS if domain != "cli"
              for msgid, text in read_catalogue("es", domain).items()
              if msgid in cli and cli[msgid] != text}
    assert differ == {}


def test_a_simulation_s_tables_in_spanish(cli: Cli) -> None:
    run = ("simulate", "polignac", "--matches", "2", "--seed", "1")
    english, spanish = cli(*run).out, cli(*run, "--lang", "es").out
    assert "distributions" in english and "median" in english
    for words in ("2 partidas, 2 repartos: asientos", "distribuciones", "puntuación final",
                  "mediana", "medidas de diseño (95%)", "el ganador remontó"):
        assert words in spanish
    assert " median " not in spanish and "distributions" not in spanish
    assert re.search(r"^│ capotes anunciados\s+│", spanish, re.MULTILINE)
    assert re.search(r"^│ capots announced\s+│", english, re.MULTILINE)
    assert "capot_bids" not in english + spanish
