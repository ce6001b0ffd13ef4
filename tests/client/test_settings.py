"""Settings: defaults, the user's file, broken files reported and never overwritten."""

from __future__ import annotations

from game.client.storage.settings import BUILTIN_DEFAULTS, config_dir, data_dir, load_settings


def test_defaults_when_there_is_no_user_file(tmp_path):
    settings = load_settings(tmp_path)
    assert settings["language"] == "" and settings["volume"] == 0.7
    assert not settings.problems and settings.writable
    assert set(BUILTIN_DEFAULTS) <= set(settings.values)


def test_user_values_override_defaults(tmp_path):
    (tmp_path / "settings.toml").write_text('language = "en"\nvolume = 0.25\n', "utf-8")
    settings = load_settings(tmp_path)
    assert settings["language"] == "en" and settings["volume"] == 0.25
    assert settings["mute"] is False


def test_syntax_error_is_reported_with_file_and_line_and_file_is_kept(tmp_path):
    path = tmp_path / "settings.toml"
    text = 'language = "en"\nvolume = = 3\n'
    path.write_text(text, "utf-8")
    settings = load_settings(tmp_path)
    assert settings["language"] == ""  # defaults (the computer's language), the whole file is unreadable
    [problem] = settings.problems
    assert problem.file == str(path) and problem.line == 2
    settings.set("volume", 0.1)
    assert settings.save() is False
    assert path.read_text("utf-8") == text


def test_bad_value_names_key_and_line_and_the_rest_still_applies(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('language = "en"\n\nvolume = "loud"\nmute = true\n', "utf-8")
    settings = load_settings(tmp_path)
    [problem] = settings.problems
    assert problem.key == "volume" and problem.line == 3
    assert "volume" in str(problem) and str(path) in str(problem)
    assert settings["volume"] == 0.7 and settings["language"] == "en" and settings["mute"]
    assert settings.save() is False  # never overwrite a file the player must fix


def test_unknown_key_and_bad_window_size_are_reported(tmp_path):
    (tmp_path / "settings.toml").write_text('colour = 1\nwindow_size = [10, 10]\n', "utf-8")
    settings = load_settings(tmp_path)
    assert {p.key for p in settings.problems} == {"colour", "window_size"}
    assert settings["window_size"] == [1280, 720]


def test_save_is_atomic_and_round_trips(tmp_path):
    settings = load_settings(tmp_path / "sub")
    settings.set("language", "en")
    settings.set("window_size", [1600, 900])
    assert settings.save() is True
    again = load_settings(tmp_path / "sub")
    assert again["language"] == "en" and again["window_size"] == [1600, 900]
    assert [p.name for p in (tmp_path / "sub").iterdir()] == ["settings.toml"]


def test_set_refuses_bad_values(tmp_path):
    settings = load_settings(tmp_path)
    import pytest

    with pytest.raises(ValueError, match="volume"):
        settings.set("volume", 2)


def test_folders_follow_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(tmp_path / "d"))
    assert config_dir() == tmp_path / "c" and data_dir() == tmp_path / "d"
