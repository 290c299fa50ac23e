/**
 * "Golden Dynasty" symbol art: original SVG, gold and jade, drawn in a 100×100 box. High
 * symbols are emblems (dragon, phoenix, tiger, koi, lantern), royals are jewelled letters, WILD a
 * jade shield and SCATTER a gold ingot, so every symbol reads at a glance even when small.
 * The shared gradients live once in <SymbolDefs/>.
 */
import type { SlotSymbol } from '@aurum/games';
import type { ReactNode } from 'react';

const INK = '#1d1206';
const SERIF = 'Georgia, "Times New Roman", "DejaVu Serif", serif';

function grad(id: string, stops: [string, string, string]) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor={stops[0]} />
      <stop offset="0.5" stopColor={stops[1]} />
      <stop offset="1" stopColor={stops[2]} />
    </linearGradient>
  );
}

/** The gradients every symbol refers to; rendered once per page. */
export function SymbolDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>
        {grad('sg-gold', ['#fff4cc', '#f5c04a', '#a8690f'])}
        {grad('sg-jade', ['#a7f3d0', '#10b981', '#064e3b'])}
        {grad('sg-crimson', ['#fecaca', '#dc2626', '#7f1d1d'])}
        {grad('sg-orange', ['#ffedd5', '#f97316', '#9a3412'])}
        {grad('sg-sapphire', ['#dbeafe', '#3b82f6', '#1e3a8a'])}
        {grad('sg-purple', ['#f3e8ff', '#a855f7', '#581c87'])}
        {grad('sg-ivory', ['#ffffff', '#fdf2e0', '#e8c9a0'])}
        <radialGradient id="sg-pearl" cx="35%" cy="35%" r="70%">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.6" stopColor="#e0f2fe" />
          <stop offset="1" stopColor="#7dd3fc" />
        </radialGradient>
        <radialGradient id="sg-rays" cx="50%" cy="55%" r="55%">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#dc2626" stopOpacity="0" />
        </radialGradient>
      </defs>
    </svg>
  );
}

const stroke = { stroke: INK, strokeWidth: 2.5, strokeLinejoin: 'round' as const };

function Royal({ text, gem, size = 66 }: { text: string; gem: string; size?: number }) {
  return (
    <>
      <path d="M50 70 L62 82 L50 94 L38 82 Z" fill={`url(#${gem})`} {...stroke} />
      <text
        x="50"
        y="62"
        textAnchor="middle"
        fontFamily={SERIF}
        fontWeight="700"
        fontSize={size}
        fill="url(#sg-gold)"
        stroke={INK}
        strokeWidth="3"
        paintOrder="stroke"
      >
        {text}
      </text>
    </>
  );
}

const ART: Record<SlotSymbol, () => ReactNode> = {
  WILD: () => (
    <>
      <path
        d="M50 5 L90 21 V60 C90 79 71 91 50 96 C29 91 10 79 10 60 V21 Z"
        fill="url(#sg-jade)"
        {...stroke}
      />
      <path
        d="M50 12 L83 25 V59 C83 74 68 84 50 89 C32 84 17 74 17 59 V25 Z"
        fill="none"
        stroke="url(#sg-gold)"
        strokeWidth="3"
      />
      <circle cx="50" cy="32" r="10" fill="url(#sg-pearl)" {...stroke} />
      <text
        x="50"
        y="71"
        textAnchor="middle"
        fontFamily={SERIF}
        fontWeight="700"
        fontSize="25"
        fill="url(#sg-gold)"
        stroke={INK}
        strokeWidth="3"
        paintOrder="stroke"
      >
        WILD
      </text>
    </>
  ),
  SCATTER: () => (
    <>
      <circle cx="50" cy="52" r="46" fill="url(#sg-rays)" />
      <path
        d="M6 46 C12 72 30 84 50 84 C70 84 88 72 94 46 C80 56 66 60 50 60 C34 60 20 56 6 46 Z"
        fill="url(#sg-gold)"
        {...stroke}
      />
      <ellipse cx="50" cy="50" rx="23" ry="17" fill="url(#sg-gold)" {...stroke} />
      <ellipse cx="43" cy="44" rx="8" ry="5" fill="#fffbe8" opacity="0.7" />
      <path d="M18 62 C30 70 70 70 82 62" fill="none" stroke="#fff4cc" strokeWidth="2" opacity="0.8" />
      <rect x="16" y="82" width="68" height="15" rx="4" fill="url(#sg-crimson)" {...stroke} strokeWidth="2" />
      <text
        x="50"
        y="93.5"
        textAnchor="middle"
        fontFamily={SERIF}
        fontWeight="700"
        fontSize="11"
        fill="#fff4cc"
      >
        SCATTER
      </text>
    </>
  ),
  DRAGON: () => (
    <>
      <path d="M34 34 L18 16 L38 24 L36 6 L50 22 L58 6 L62 26 Z" fill="url(#sg-jade)" {...stroke} />
      <path d="M28 64 L10 70 L24 56 L8 50 L26 46 Z" fill="url(#sg-jade)" {...stroke} />
      <path
        d="M24 58 C20 38 36 24 56 27 C68 29 76 36 81 43 L93 45 C96 52 92 57 85 57 L89 64 C81 69 70 67 64 64 L60 72 C48 79 33 76 26 68 Z"
        fill="url(#sg-crimson)"
        {...stroke}
      />
      <path d="M48 28 C44 16 50 6 62 2 C57 11 58 19 60 27 Z" fill="url(#sg-gold)" {...stroke} />
      <path
        d="M53 36 C60 31 69 33 74 38"
        fill="none"
        stroke="url(#sg-gold)"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <ellipse cx="64" cy="43" rx="6" ry="4.2" fill="#fde047" {...stroke} strokeWidth="2" />
      <ellipse cx="65" cy="43" rx="1.6" ry="3.2" fill={INK} />
      <circle cx="88" cy="50" r="1.8" fill={INK} />
      <path
        d="M66 64 l3 4 3 -4 3 4 3 -4"
        fill="none"
        stroke="#fff7e6"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M85 57 C95 68 92 80 80 88"
        fill="none"
        stroke="url(#sg-gold)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M34 50 C40 46 46 48 50 52 M32 60 C38 56 44 58 48 62"
        fill="none"
        stroke="#7f1d1d"
        strokeWidth="2"
      />
    </>
  ),
  PHOENIX: () => (
    <>
      <path d="M48 54 C30 64 18 80 6 96 C26 88 40 78 52 62 Z" fill="url(#sg-orange)" {...stroke} />
      <path d="M52 58 C44 72 40 84 40 97 C52 86 58 74 58 60 Z" fill="url(#sg-crimson)" {...stroke} />
      <path d="M57 58 C62 72 70 83 82 92 C77 78 72 66 63 55 Z" fill="url(#sg-gold)" {...stroke} />
      <circle cx="21" cy="84" r="3.5" fill="#fde047" />
      <circle cx="46" cy="86" r="3" fill="#fde047" />
      <path
        d="M50 50 C36 28 20 24 6 26 C20 34 28 43 33 54 C39 52 45 51 50 50 Z"
        fill="url(#sg-crimson)"
        {...stroke}
      />
      <path
        d="M57 48 C70 24 84 16 97 16 C86 27 80 38 76 51 C68 51 62 50 57 48 Z"
        fill="url(#sg-orange)"
        {...stroke}
      />
      <ellipse cx="54" cy="52" rx="10" ry="13" fill="url(#sg-gold)" {...stroke} />
      <path
        d="M56 42 C57 32 62 24 69 22 C74 22 76 27 73 31 C68 32 64 37 62 45 Z"
        fill="url(#sg-gold)"
        {...stroke}
      />
      <path d="M74 24 l9 3 -8 4 Z" fill="#fde047" {...stroke} strokeWidth="2" />
      <path
        d="M66 21 C63 13 67 7 73 5 M70 21 C70 14 75 10 80 10"
        fill="none"
        stroke="url(#sg-gold)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="69.5" cy="26" r="1.8" fill={INK} />
    </>
  ),
  TIGER: () => (
    <>
      <circle cx="25" cy="27" r="12" fill="url(#sg-orange)" {...stroke} />
      <circle cx="75" cy="27" r="12" fill="url(#sg-orange)" {...stroke} />
      <circle cx="25" cy="28" r="5.5" fill="#7c2d12" />
      <circle cx="75" cy="28" r="5.5" fill="#7c2d12" />
      <path
        d="M50 17 C77 17 90 36 90 57 C90 79 71 92 50 92 C29 92 10 79 10 57 C10 36 23 17 50 17 Z"
        fill="url(#sg-orange)"
        {...stroke}
      />
      <path
        d="M22 67 C29 56 42 58 50 64 C58 58 71 56 78 67 C74 81 62 88 50 88 C38 88 26 81 22 67 Z"
        fill="url(#sg-ivory)"
      />
      <path
        d="M39 28 H61 M37 36 H63 M39 44 H61 M50 28 V44"
        fill="none"
        stroke={INK}
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <path
        d="M12 50 L25 53 M12 60 L23 60 M88 50 L75 53 M88 60 L77 60"
        fill="none"
        stroke={INK}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M28 53 C32 47 41 47 44 53 C40 57 32 57 28 53 Z" fill="#facc15" {...stroke} strokeWidth="2" />
      <path d="M56 53 C59 47 68 47 72 53 C68 57 60 57 56 53 Z" fill="#facc15" {...stroke} strokeWidth="2" />
      <ellipse cx="36" cy="53" rx="1.5" ry="3.2" fill={INK} />
      <ellipse cx="64" cy="53" rx="1.5" ry="3.2" fill={INK} />
      <path d="M43 64 H57 L50 72 Z" fill="#7c2d12" {...stroke} strokeWidth="2" />
      <path
        d="M50 72 V76 M50 76 C47 80 42 80 40 77 M50 76 C53 80 58 80 60 77"
        fill="none"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </>
  ),
  KOI: () => (
    <g transform="translate(50 52) scale(0.9) translate(-50 -52) rotate(-24 50 52)">
      <path
        d="M70 52 C80 38 92 33 98 35 C91 46 91 58 98 69 C92 71 80 66 70 52 Z"
        fill="url(#sg-orange)"
        {...stroke}
      />
      <path d="M36 37 C42 24 56 26 62 40 Z" fill="url(#sg-orange)" {...stroke} />
      <path d="M8 52 C18 32 46 30 74 52 C46 74 18 72 8 52 Z" fill="url(#sg-ivory)" {...stroke} />
      <path d="M30 40 C42 35 56 40 62 46 C52 50 40 48 30 40 Z" fill="#ea580c" />
      <path d="M40 60 C48 56 58 56 64 58 C56 64 46 66 40 60 Z" fill="#dc2626" />
      <path d="M30 60 C28 71 36 76 42 70 Z" fill="url(#sg-orange)" {...stroke} strokeWidth="2" />
      <circle cx="19" cy="49" r="3" fill={INK} />
      <path d="M10 55 C6 60 6 66 10 70" fill="none" stroke={INK} strokeWidth="2" strokeLinecap="round" />
    </g>
  ),
  LANTERN: () => (
    <>
      <path d="M50 2 V14" stroke="url(#sg-gold)" strokeWidth="3" />
      <rect x="33" y="12" width="34" height="9" rx="2.5" fill="url(#sg-gold)" {...stroke} />
      <ellipse cx="50" cy="50" rx="33" ry="30" fill="url(#sg-crimson)" {...stroke} />
      <path
        d="M50 21 V79 M50 21 C35 34 35 66 50 79 M50 21 C65 34 65 66 50 79 M50 21 C22 32 22 68 50 79 M50 21 C78 32 78 68 50 79"
        fill="none"
        stroke="#7f1d1d"
        strokeWidth="1.8"
        opacity="0.7"
      />
      <path d="M50 39 L61 50 L50 61 L39 50 Z" fill="url(#sg-gold)" {...stroke} strokeWidth="2" />
      <ellipse cx="36" cy="38" rx="6" ry="10" fill="#ffffff" opacity="0.25" />
      <rect x="33" y="78" width="34" height="9" rx="2.5" fill="url(#sg-gold)" {...stroke} />
      <path d="M44 87 H56 L59 99 H41 Z" fill="url(#sg-gold)" {...stroke} strokeWidth="2" />
    </>
  ),
  A: () => <Royal text="A" gem="sg-jade" />,
  K: () => <Royal text="K" gem="sg-crimson" />,
  Q: () => <Royal text="Q" gem="sg-purple" />,
  J: () => <Royal text="J" gem="sg-sapphire" />,
  TEN: () => <Royal text="10" gem="sg-orange" size={56} />,
};

/** One symbol as an image; `label` is its name for assistive tech (empty when decorative). */
export function SymbolArt({
  symbol,
  label,
  className,
}: {
  symbol: SlotSymbol;
  label?: string;
  className?: string;
}) {
  const draw = ART[symbol];
  return (
    <svg
      className={className}
      viewBox="0 0 100 100"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {draw ? draw() : null}
    </svg>
  );
}
