#!/usr/bin/env python3
"""Expected ratios of ContrastCorpusTests, computed apart from stylerun's Swift.

Straight (not premultiplied) alpha, each view flattened to one RGBA surface over transparency,
that surface's alpha scaled by the view's alpha, the result laid over the screen. Run it and
paste the printed ratios into ContrastCorpusTests.swift when a case changes.
"""

def hexc(s):
    s = s.lstrip('#')
    if len(s) == 6: s += 'FF'
    return tuple(int(s[i:i+2], 16) / 255 for i in (0, 2, 4, 6))

def over(src, dst):
    sa, da = src[3], dst[3]
    a = sa + da * (1 - sa)
    if a == 0: return (0, 0, 0, 0)
    return tuple((src[i] * sa + dst[i] * da * (1 - sa)) / a for i in range(3)) + (a,)

def lum(c):
    def lin(v): return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])

def ratio(a, b):
    la, lb = lum(a), lum(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)

def seen(text, views, screen):
    """views: outermost first, each (alpha, [fills bottom first])."""
    surface = text if text else (0, 0, 0, 0)
    for alpha, fills in reversed(views):
        under = (0, 0, 0, 0)
        for f in fills: under = over(hexc(f), under)
        surface = over(surface, under)
        surface = surface[:3] + (surface[3] * alpha,)
    return over(surface, hexc(screen))

def case(name, text, views, screen='#FFFFFF'):
    t = hexc(text) if isinstance(text, str) else text
    fg, bg = seen(t, views, screen), seen(None, views, screen)
    print(f'{name}: {ratio(fg, bg):.4f}')

W = '#FFFFFF'
case('paleGray', '#EEEEEE', [(1, [])])
case('gray767676', '#767676', [(1, [])])
case('gray777777', '#777777', [(1, [])])
case('nestedTranslucent', '#000000', [(1, ['#FF000080']), (1, ['#0000FF40']), (1, [])])
case('nestedTranslucentGray', '#666666', [(1, ['#00000080']), (1, ['#00000080']), (1, [])])
case('colorImage', '#FFFFFF', [(1, []), (1, ['#333333']), (1, [])])
case('buttonBackgroundImage', '#FFFFFF', [(1, ['#FFFFFF', '#FF0000'])])
case('fadedAncestor', '#000000', [(1, []), (0.3, ['#FFFFFF']), (1, [])])
case('fadedOverBlack', '#FFFFFF', [(1, ['#000000']), (0.5, []), (1, [])])
case('translucentText', '#00000080', [(1, [])])
case('edgeGray', '#949494', [(1, [])])
case('systemBlue', '#007AFF', [(1, [])])
case('inheritedTint', '#000000', [(1, []), (1, [])])
case('ownBackground', '#333333', [(1, ['#000000'])])
case('titleOnFadedBlue', '#FFFFFF', [(1, []), (0.6, ['#0000FF'])])
case('darkThemeText', '#CCCCCC', [(1, ['#000000']), (1, [])])
case('lightThemeText', '#CCCCCC', [(1, ['#FFFFFF']), (1, [])])
# UIKit's placeholderText: #3C3C43 at an alpha of exactly 0.3, not a byte's 77/255.
case('placeholder', (60 / 255, 60 / 255, 67 / 255, 0.3), [(1, [])])
case('roundedRectOnBlack', '#000000', [(1, ['#000000']), (1, ['#FFFFFF'])])

# Dark and high contrast: the screen is systemBackground (black in dark), the default label
# colour `label` (white in dark); semantic colours as SemanticColors.swift lists UIKit's.
B = '#000000'
case('darkDefaultLabel', '#FFFFFF', [(1, []), (1, [])], screen=B)
case('gray555555 light', '#555555', [(1, []), (1, [])])
case('gray555555 dark', '#555555', [(1, []), (1, [])], screen=B)
case('dynamic dark #444444', '#444444', [(1, []), (1, [])], screen=B)
case('dynamic light #767676', '#767676', [(1, []), (1, [])])
case('dynamic #999999 normal', '#999999', [(1, []), (1, [])])
case('dynamic highContrastLight #595959', '#595959', [(1, []), (1, [])])
case('secondaryLabel dark', (235 / 255, 235 / 255, 245 / 255, 0.6), [(1, []), (1, [])], screen=B)
case('tertiaryLabel light', (60 / 255, 60 / 255, 67 / 255, 0.3), [(1, []), (1, [])])
case('tertiaryLabel high light', (60 / 255, 60 / 255, 67 / 255, 0.56), [(1, []), (1, [])])
case('systemBlue dark', '#0A84FF', [(1, [])], screen=B)
case('systemBlue high light', '#0040DD', [(1, [])])
case('highlighted #DDDDDD', '#DDDDDD', [(1, [])])
case('selected #AAAAAA on black', '#AAAAAA', [(1, ['#000000'])])
case('black title', '#000000', [(1, [])])
case('selected #BBBBBB', '#BBBBBB', [(1, [])])
case('paleGray dark', '#EEEEEE', [(1, []), (1, [])], screen=B)
case('highlighted #DDDDDD dark', '#DDDDDD', [(1, [])], screen=B)
case('inheritedTint dark', '#000000', [(1, []), (1, [])], screen=B)
