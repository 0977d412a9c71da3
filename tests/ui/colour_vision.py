"""Colour-vision arithmetic for palette tests: simulated protanopia, deuteranopia and
tritanopia (Machado, Oliveira and Fernandes 2009, severity 1.0, on linear RGB), CIELAB
distance (CIE76 Delta E) and WCAG contrast ratio."""

from __future__ import annotations

import math

Colour = tuple[int, int, int]

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = max(0.0, min(1.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(rgb: Colour, kind: str) -> Colour:
    lin = [_linear(v) for v in rgb]
    m = MACHADO[kind]
    return (_gamma(sum(m[0][j] * lin[j] for j in range(3))),
            _gamma(sum(m[1][j] * lin[j] for j in range(3))),
            _gamma(sum(m[2][j] * lin[j] for j in range(3))))


def _lab(rgb: Colour) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: Colour, b: Colour) -> float:
    return math.dist(_lab(a), _lab(b))


def luminance(rgb: Colour) -> float:
    r, g, b = (_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
