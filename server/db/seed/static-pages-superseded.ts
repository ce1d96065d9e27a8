/**
 * Terms pages as earlier releases seeded them. A database still holding one of these texts gets
 * the current text at start-up (updateSeededPages); a page the operator has edited is theirs and is
 * never touched. Kept verbatim: one changed character and the old text would stay in place.
 */

/** Until issue 17: cited zákon č. 102/2014 Z. z. (replaced by 108/2024 Z. z.), no withdrawal function. */
export function earlierTerms(operator: { sk: string; cz: string }): { sk: string; cz: string } {
  const OPERATOR_SK = operator.sk;
  const OPERATOR_CZ = operator.cz;
  return {
    sk: `<h2>1. Úvodné ustanovenia</h2>
<p>Tieto obchodné podmienky upravujú vzťahy medzi predávajúcim, ktorým je ${OPERATOR_SK}, a kupujúcim pri nákupe tovaru prostredníctvom internetového obchodu obchod.sk.</p>
<h2>2. Objednávka a uzavretie zmluvy</h2>
<p>Kúpna zmluva vzniká potvrdením objednávky predávajúcim, ktoré kupujúcemu zašleme e-mailom. Ceny sú uvedené v eurách vrátane DPH.</p>
<h2>3. Dodanie tovaru</h2>
<p>Tovar skladom odosielame spravidla do 24 hodín. Dodacia lehota pri tovare, ktorý nie je skladom, je uvedená pri každom produkte.</p>
<h2>4. Odstúpenie od zmluvy</h2>
<p>Spotrebiteľ má právo odstúpiť od zmluvy bez udania dôvodu do 14 dní od prevzatia tovaru podľa zákona č. 102/2014 Z. z. o ochrane spotrebiteľa pri predaji tovaru alebo poskytovaní služieb na základe zmluvy uzavretej na diaľku.</p>
<h2>5. Reklamácie</h2>
<ul><li>Záručná doba je 24 mesiacov od prevzatia tovaru.</li><li>Reklamáciu vybavíme najneskôr do 30 dní od jej uplatnenia.</li><li>Reklamovaný tovar zašlite na adresu predávajúceho spolu s dokladom o kúpe.</li></ul>
<h2>6. Záverečné ustanovenia</h2>
<p>Tieto obchodné podmienky nadobúdajú účinnosť 1. októbra 2026.</p>`,
    cz: `<h2>1. Úvodní ustanovení</h2>
<p>Tyto obchodní podmínky upravují vztahy mezi prodávajícím, kterým je ${OPERATOR_CZ}, a kupujícím při nákupu zboží prostřednictvím internetového obchodu obchod.cz.</p>
<h2>2. Objednávka a uzavření smlouvy</h2>
<p>Kupní smlouva vzniká potvrzením objednávky prodávajícím, které kupujícímu zašleme e-mailem. Ceny jsou uvedeny v korunách včetně DPH.</p>
<h2>3. Dodání zboží</h2>
<p>Zboží skladem odesíláme zpravidla do 24 hodin.</p>
<h2>4. Odstoupení od smlouvy</h2>
<p>Spotřebitel má právo odstoupit od smlouvy bez udání důvodu do 14 dnů od převzetí zboží podle § 1829 občanského zákoníku.</p>
<h2>5. Reklamace</h2>
<ul><li>Záruční doba je 24 měsíců od převzetí zboží.</li><li>Reklamaci vyřídíme nejpozději do 30 dnů od jejího uplatnění.</li></ul>`,
  };
}
