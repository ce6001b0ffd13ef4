"""The tutorial's own strings (lesson texts live with their lessons)."""

STRINGS = {
    "en": {
        "tutorial.menu": "Tutorial",
        "tutorial.title": "Learn {game}",
        "tutorial.you": "You",
        "tutorial.goal": "Goal: {goal}",
        "tutorial.lesson": "Lesson {n} of {total}: {title}",
        "tutorial.next": "Next lesson",
        "tutorial.again": "Again",
        "tutorial.leave": "Leave",
        "tutorial.lessons": "Lessons",
        "tutorial.finished": "All lessons done!",
        "tutorial.offer.title": "New to {game}?",
        "tutorial.offer.body": "A few short lessons on the real table teach every rule. "
                               "You can open them any time from the title or the rules.",
        "tutorial.offer.yes": "Play the tutorial",
        "tutorial.offer.no": "Straight to the game",
        "tutorial.pick_game": "Which game do you want to learn?",
        "tutorial.done_mark": "✓ {title}",
    },
    "cs": {
        "tutorial.menu": "Výuka",
        "tutorial.title": "Naučte se {game}",
        "tutorial.you": "Vy",
        "tutorial.goal": "Cíl: {goal}",
        "tutorial.lesson": "Lekce {n} z {total}: {title}",
        "tutorial.next": "Další lekce",
        "tutorial.again": "Znovu",
        "tutorial.leave": "Odejít",
        "tutorial.lessons": "Lekce",
        "tutorial.finished": "Všechny lekce hotové!",
        "tutorial.offer.title": "Hrajete {game} poprvé?",
        "tutorial.offer.body": "Pár krátkých lekcí na skutečném stole naučí všechna "
                               "pravidla. Kdykoli je otevřete z hlavní nabídky nebo "
                               "z pravidel.",
        "tutorial.offer.yes": "Zahrát výuku",
        "tutorial.offer.no": "Rovnou ke hře",
        "tutorial.pick_game": "Kterou hru se chcete naučit?",
        "tutorial.done_mark": "✓ {title}",
    },
}
