import type Database from 'better-sqlite3';
import { SHOP_ROWS } from '../../shops/shops.service';
import { WITHDRAWAL_PATHS } from '../../withdrawal/paths';
import { earlierTerms } from './static-pages-superseded';

const [SK, CZ] = [SHOP_ROWS[0], SHOP_ROWS[1]];

interface StaticPage {
  shopId: number;
  slug: string;
  title: string;
  body: string;
}

/** Demo operator details; invented, as is every company in the demo shop. */
const OPERATOR_SK = 'obchod.sk s. r. o., Hlavná 12, 811 01 Bratislava, IČO: 12 345 678, zapísaná v Obchodnom registri Mestského súdu Bratislava III, oddiel Sro, vložka č. 123456/B';
const OPERATOR_CZ = 'obchod.cz s. r. o., Národní 5, 110 00 Praha 1, IČO: 87654321, zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 654321';

const PAGES: StaticPage[] = [
  {
    shopId: SK.id,
    slug: SK.termsSlug,
    title: 'Obchodné podmienky',
    body: `<h2>1. Úvodné ustanovenia</h2>
<p>Tieto obchodné podmienky upravujú vzťahy medzi predávajúcim, ktorým je ${OPERATOR_SK}, a kupujúcim pri nákupe tovaru prostredníctvom internetového obchodu obchod.sk.</p>
<h2>2. Objednávka a uzavretie zmluvy</h2>
<p>Kúpna zmluva vzniká potvrdením objednávky predávajúcim, ktoré kupujúcemu zašleme e-mailom. Ceny sú uvedené v eurách vrátane DPH.</p>
<h2>3. Dodanie tovaru</h2>
<p>Tovar skladom odosielame spravidla do 24 hodín. Dodacia lehota pri tovare, ktorý nie je skladom, je uvedená pri každom produkte.</p>
<h2>4. Odstúpenie od zmluvy</h2>
<p>Spotrebiteľ má právo odstúpiť od kúpnej zmluvy bez udania dôvodu do 14 dní od prevzatia tovaru podľa zákona č. 108/2024 Z. z. o ochrane spotrebiteľa a o zmene a doplnení niektorých zákonov. Od zmluvy môže odstúpiť aj skôr, ako tovar prevezme.</p>
<p>Najjednoduchšie odstúpite funkciou <a href="${WITHDRAWAL_PATHS.sk.form}">Odstúpiť od zmluvy</a>, ktorú nájdete v pätičke každej stránky obchodu, na stránke sledovania objednávky a pri každej objednávke v zozname objednávok vo vašom účte. Zadáte meno, číslo objednávky a e-mail, vyberiete tovar a odstúpenie potvrdíte tlačidlom Potvrdiť odstúpenie; potvrdenie o prijatí odstúpenia s dátumom a časom vám bezodkladne pošleme e-mailom. Odstúpiť môžete aj iným jednoznačným vyhlásením zaslaným na adresu alebo e-mail predávajúceho.</p>
<p>Tovar pošlite späť na adresu predávajúceho najneskôr do 14 dní od odstúpenia. Platby vrátane nákladov na doručenie vrátime do 14 dní od odstúpenia, nie však skôr, ako tovar dostaneme späť alebo spotrebiteľ preukáže, že ho odoslal.</p>
<h2>5. Reklamácie</h2>
<ul><li>Záručná doba je 24 mesiacov od prevzatia tovaru.</li><li>Reklamáciu vybavíme najneskôr do 30 dní od jej uplatnenia.</li><li>Reklamovaný tovar zašlite na adresu predávajúceho spolu s dokladom o kúpe.</li></ul>
<h2>6. Záverečné ustanovenia</h2>
<p>Vzťahy neupravené týmito obchodnými podmienkami sa riadia Občianskym zákonníkom a zákonom č. 108/2024 Z. z. o ochrane spotrebiteľa. Tieto obchodné podmienky nadobúdajú účinnosť 1. októbra 2026.</p>`,
  },
  {
    shopId: SK.id,
    slug: 'ochrana-osobnych-udajov',
    title: 'Ochrana osobných údajov',
    body: `<p>Prevádzkovateľom vašich osobných údajov je ${OPERATOR_SK}.</p>
<h2>Aké údaje spracúvame</h2>
<p>Spracúvame meno, adresu, e-mail a telefónne číslo, ktoré nám poskytnete pri objednávke alebo registrácii, a to na účel vybavenia objednávky a plnenia zmluvy.</p>
<h2>Právny základ</h2>
<p>Osobné údaje spracúvame v súlade s nariadením Európskeho parlamentu a Rady (EÚ) 2016/679 (GDPR) a so zákonom č. 18/2018 Z. z. o ochrane osobných údajov. Zákon č. 122/2013 Z. z. o ochrane osobných údajov bol s účinnosťou od 25. mája 2018 nahradený zákonom č. 18/2018 Z. z.; súhlasy, ktoré ste nám udelili podľa neho, zostávajú platné, ak spĺňajú podmienky GDPR.</p>
<h2>Vaše práva</h2>
<ul><li>právo na prístup k údajom a na ich opravu,</li><li>právo na vymazanie a obmedzenie spracúvania,</li><li>právo namietať a právo na prenosnosť údajov,</li><li>právo podať návrh na Úrad na ochranu osobných údajov Slovenskej republiky.</li></ul>`,
  },
  {
    shopId: SK.id,
    slug: 'doprava-a-platba',
    title: 'Doprava a platba',
    body: `<h2>Doprava</h2>
<ul><li>Kuriér na adresu – 3,90 €</li><li>Výdajné miesto – 2,90 €</li><li>Osobný odber v Bratislave – zadarmo</li></ul>
<p>Pri nákupe nad {doprava_zadarmo_od} je doprava zadarmo.</p>
<h2>Platba</h2>
<ul><li>Platba kartou online</li><li>Bankový prevod alebo QR platba</li><li>Dobierka – 1,00 €</li></ul>`,
  },
  {
    shopId: SK.id,
    slug: 'kontakt',
    title: 'Kontakt',
    body: `<p>${OPERATOR_SK}</p>
<p>E-mail: <a href="mailto:${SK.email}">${SK.email}</a><br>Telefón: +421 2 123 456 78 (pracovné dni 8:00 – 16:00)</p>`,
  },
  {
    shopId: CZ.id,
    slug: CZ.termsSlug,
    title: 'Obchodní podmínky',
    body: `<h2>1. Úvodní ustanovení</h2>
<p>Tyto obchodní podmínky upravují vztahy mezi prodávajícím, kterým je ${OPERATOR_CZ}, a kupujícím při nákupu zboží prostřednictvím internetového obchodu obchod.cz.</p>
<h2>2. Objednávka a uzavření smlouvy</h2>
<p>Kupní smlouva vzniká potvrzením objednávky prodávajícím, které kupujícímu zašleme e-mailem. Ceny jsou uvedeny v korunách včetně DPH.</p>
<h2>3. Dodání zboží</h2>
<p>Zboží skladem odesíláme zpravidla do 24 hodin.</p>
<h2>4. Odstoupení od smlouvy</h2>
<p>Spotřebitel má právo odstoupit od kupní smlouvy bez uvedení důvodu ve lhůtě 14 dnů od převzetí zboží podle § 1829 a násl. zákona č. 89/2012 Sb., občanský zákoník. Od smlouvy může odstoupit i dříve, než zboží převezme.</p>
<p>Nejjednodušeji odstoupíte funkcí <a href="${WITHDRAWAL_PATHS.cz.form}">Odstoupit od smlouvy</a>, kterou najdete v patičce každé stránky obchodu, na stránce sledování objednávky a u každé objednávky v seznamu objednávek ve vašem účtu. Zadáte jméno, číslo objednávky a e-mail, vyberete zboží a odstoupení potvrdíte tlačítkem Potvrdit odstoupení; potvrzení o přijetí odstoupení s datem a časem vám bez zbytečného odkladu zašleme e-mailem. Odstoupit můžete i jiným jednoznačným prohlášením zaslaným na adresu nebo e-mail prodávajícího.</p>
<p>Zboží zašlete zpět na adresu prodávajícího nejpozději do 14 dnů od odstoupení. Peněžní prostředky včetně nákladů na dodání vrátíme do 14 dnů od odstoupení, nikoli však dříve, než zboží obdržíme zpět nebo spotřebitel prokáže, že je odeslal (§ 1832 občanského zákoníku).</p>
<h2>5. Reklamace</h2>
<ul><li>Záruční doba je 24 měsíců od převzetí zboží.</li><li>Reklamaci vyřídíme nejpozději do 30 dnů od jejího uplatnění.</li></ul>
<h2>6. Závěrečná ustanovení</h2>
<p>Vztahy neupravené těmito obchodními podmínkami se řídí zákonem č. 89/2012 Sb., občanský zákoník, a zákonem č. 634/1992 Sb., o ochraně spotřebitele.</p>`,
  },
  {
    shopId: CZ.id,
    slug: 'ochrana-osobnich-udaju',
    title: 'Ochrana osobních údajů',
    body: `<p>Správcem vašich osobních údajů je ${OPERATOR_CZ}. Údaje zpracováváme podle nařízení (EU) 2016/679 (GDPR) a zákona č. 110/2019 Sb., o zpracování osobních údajů, pouze v rozsahu nutném pro vyřízení objednávky.</p>
<ul><li>právo na přístup k údajům a jejich opravu,</li><li>právo na výmaz a omezení zpracování,</li><li>právo podat stížnost u Úřadu pro ochranu osobních údajů.</li></ul>`,
  },
  {
    shopId: CZ.id,
    slug: 'doprava-a-platba',
    title: 'Doprava a platba',
    body: `<h2>Doprava</h2>
<ul><li>Kurýr na adresu – 99 Kč</li><li>Výdejní místo – 69 Kč</li></ul>
<p>Při nákupu nad {doprava_zadarmo_od} je doprava zdarma.</p>
<h2>Platba</h2>
<ul><li>Platba kartou online</li><li>Bankovní převod nebo QR platba</li><li>Dobírka – 29 Kč</li></ul>`,
  },
  {
    shopId: CZ.id,
    slug: 'kontakt',
    title: 'Kontakt',
    body: `<p>${OPERATOR_CZ}</p>
<p>E-mail: <a href="mailto:${CZ.email}">${CZ.email}</a><br>Telefon: +420 222 123 456 (pracovní dny 8:00 – 16:00)</p>`,
  },
];

/** The terms pages as earlier releases seeded them, per shop id (static-pages-superseded.ts). */
const earlier = earlierTerms({ sk: OPERATOR_SK, cz: OPERATOR_CZ });
export const SUPERSEDED_TERMS: { shopId: number; slug: string; body: string }[] = [
  { shopId: SK.id, slug: SK.termsSlug, body: earlier.sk },
  { shopId: CZ.id, slug: CZ.termsSlug, body: earlier.cz },
];

/**
 * Start-up: a terms page still holding a text an earlier release seeded gets the current one (it
 * cited a repealed law); a page the operator has changed is never touched. Answers the pages updated.
 */
export function updateSeededPages(sqlite: Database.Database): number {
  const update = sqlite.prepare('UPDATE static_posts SET body = ? WHERE shop_id = ? AND slug = ? AND body = ?');
  let updated = 0;
  for (const old of SUPERSEDED_TERMS) {
    const current = PAGES.find((p) => p.shopId === old.shopId && p.slug === old.slug)!;
    updated += update.run(current.body, old.shopId, old.slug, old.body).changes;
  }
  return updated;
}

/** Terms, privacy, shipping and contact pages per shop; a page that already exists is kept. */
export function seedStaticPages(sqlite: Database.Database): number {
  const insert = sqlite.prepare(
    `INSERT INTO static_posts (shop_id, title, slug, body, visible)
     SELECT ?, ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM static_posts WHERE shop_id = ? AND slug = ?)`,
  );
  let written = 0;
  for (const p of PAGES) written += insert.run(p.shopId, p.title, p.slug, p.body, p.shopId, p.slug).changes;
  return written;
}
