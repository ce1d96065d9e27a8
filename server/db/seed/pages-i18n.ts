import type Database from 'better-sqlite3';
import { SHOP_ROWS } from '../../shops/shops.service';
import { WITHDRAWAL_PATHS } from '../../withdrawal/paths';

/**
 * The demo static pages in other languages (docs/decisions/248), written to static_post_texts after
 * seedStaticPages: the Slovak shop's pages (written in Slovak) in Czech and English, the Czech
 * shop's (written in Czech) in English. Each page keeps its shop's address: a shop-specific page
 * has one shop, so only its texts change with the shopper's language.
 */

const [SK, CZ] = [SHOP_ROWS[0], SHOP_ROWS[1]];

interface PageText {
  shopId: number;
  /** The page's slug as seeded (static-pages.ts). */
  slug: string;
  locale: 'cs' | 'en';
  title: string;
  body: string;
}

const OPERATOR_SK_CS = 'obchod.sk s. r. o., Hlavná 12, 811 01 Bratislava, IČO: 12 345 678, zapsaná v obchodním rejstříku Městského soudu Bratislava III, oddíl Sro, vložka č. 123456/B';
const OPERATOR_SK_EN = 'obchod.sk s. r. o., Hlavná 12, 811 01 Bratislava, Slovakia, company ID 12 345 678, registered in the Commercial Register of the Bratislava III Municipal Court, section Sro, file no. 123456/B';
const OPERATOR_CZ_EN = 'obchod.cz s. r. o., Národní 5, 110 00 Praha 1, Czech Republic, company ID 87654321, registered in the Commercial Register kept by the Municipal Court in Prague, section C, file 654321';

const TEXTS: PageText[] = [
  {
    shopId: SK.id,
    slug: SK.termsSlug,
    locale: 'cs',
    title: 'Obchodní podmínky',
    body: `<h2>1. Úvodní ustanovení</h2>
<p>Tyto obchodní podmínky upravují vztahy mezi prodávajícím, kterým je ${OPERATOR_SK_CS}, a kupujícím při nákupu zboží prostřednictvím internetového obchodu obchod.sk.</p>
<h2>2. Objednávka a uzavření smlouvy</h2>
<p>Kupní smlouva vzniká potvrzením objednávky prodávajícím, které kupujícímu zašleme e-mailem. Ceny jsou uvedeny v eurech včetně DPH.</p>
<h2>3. Dodání zboží</h2>
<p>Zboží skladem odesíláme zpravidla do 24 hodin. Dodací lhůta u zboží, které není skladem, je uvedena u každého produktu.</p>
<h2>4. Odstoupení od smlouvy</h2>
<p>Spotřebitel má právo odstoupit od kupní smlouvy bez udání důvodu do 14 dnů od převzetí zboží podle slovenského zákona č. 108/2024 Z. z. o ochraně spotřebitele. Od smlouvy může odstoupit i dříve, než zboží převezme.</p>
<p>Nejjednodušeji odstoupíte funkcí <a href="${WITHDRAWAL_PATHS.sk.form}">Odstoupit od smlouvy</a>, kterou najdete v patičce každé stránky obchodu, na stránce sledování objednávky a u každé objednávky ve vašem účtu. Zadáte jméno, číslo objednávky a e-mail, vyberete zboží a odstoupení potvrdíte; potvrzení o přijetí odstoupení s datem a časem vám bez odkladu zašleme e-mailem. Odstoupit můžete i jiným jednoznačným prohlášením zaslaným na adresu nebo e-mail prodávajícího.</p>
<p>Zboží zašlete zpět na adresu prodávajícího nejpozději do 14 dnů od odstoupení. Platby včetně nákladů na doručení vrátíme do 14 dnů od odstoupení, nikoli však dříve, než zboží obdržíme zpět nebo spotřebitel prokáže, že je odeslal.</p>
<h2>5. Reklamace</h2>
<ul><li>Záruční doba je 24 měsíců od převzetí zboží.</li><li>Reklamaci vyřídíme nejpozději do 30 dnů od jejího uplatnění.</li><li>Reklamované zboží zašlete na adresu prodávajícího spolu s dokladem o koupi.</li></ul>
<h2>6. Závěrečná ustanovení</h2>
<p>Vztahy neupravené těmito obchodními podmínkami se řídí slovenským občanským zákoníkem a zákonem č. 108/2024 Z. z. o ochraně spotřebitele. Tyto obchodní podmínky nabývají účinnosti 1. října 2026.</p>`,
  },
  {
    shopId: SK.id,
    slug: SK.termsSlug,
    locale: 'en',
    title: 'Terms and conditions',
    body: `<h2>1. Introduction</h2>
<p>These terms and conditions govern the relationship between the seller, ${OPERATOR_SK_EN}, and the buyer when buying goods through the online shop obchod.sk.</p>
<h2>2. Orders and the contract</h2>
<p>The purchase contract is concluded when the seller confirms the order, which we send to the buyer by e-mail. Prices are in euro including VAT.</p>
<h2>3. Delivery</h2>
<p>Goods in stock are usually dispatched within 24 hours. The delivery time of goods not in stock is stated with each product.</p>
<h2>4. Withdrawal from the contract</h2>
<p>A consumer may withdraw from the purchase contract without giving a reason within 14 days of receiving the goods under Slovak Act No. 108/2024 Coll. on consumer protection. They may also withdraw before receiving the goods.</p>
<p>The easiest way is the <a href="${WITHDRAWAL_PATHS.sk.form}">Withdraw from the contract</a> function in the footer of every page of the shop, on the order tracking page and at every order in your account. Enter your name, order number and e-mail, choose the goods and confirm; we send you an acknowledgement with the date and time by e-mail without delay. You may also withdraw by any other clear statement sent to the seller's address or e-mail.</p>
<p>Send the goods back to the seller's address within 14 days of withdrawing. We refund all payments, including delivery costs, within 14 days of the withdrawal, but not before we receive the goods back or the consumer proves they have been sent.</p>
<h2>5. Complaints</h2>
<ul><li>The warranty period is 24 months from receipt of the goods.</li><li>We settle a complaint within 30 days of it being made.</li><li>Send the goods to the seller's address together with the proof of purchase.</li></ul>
<h2>6. Final provisions</h2>
<p>Matters not covered by these terms are governed by the Slovak Civil Code and Act No. 108/2024 Coll. on consumer protection. These terms take effect on 1 October 2026.</p>`,
  },
  {
    shopId: SK.id,
    slug: 'ochrana-osobnych-udajov',
    locale: 'cs',
    title: 'Ochrana osobních údajů',
    body: `<p>Správcem vašich osobních údajů je ${OPERATOR_SK_CS}.</p>
<h2>Jaké údaje zpracováváme</h2>
<p>Zpracováváme jméno, adresu, e-mail a telefonní číslo, které nám poskytnete při objednávce nebo registraci, a to za účelem vyřízení objednávky a plnění smlouvy.</p>
<h2>Právní základ</h2>
<p>Osobní údaje zpracováváme v souladu s nařízením Evropského parlamentu a Rady (EU) 2016/679 (GDPR) a se slovenským zákonem č. 18/2018 Z. z. o ochraně osobních údajů.</p>
<h2>Vaše práva</h2>
<ul><li>právo na přístup k údajům a na jejich opravu,</li><li>právo na výmaz a omezení zpracování,</li><li>právo vznést námitku a právo na přenositelnost údajů,</li><li>právo podat návrh Úřadu pro ochranu osobních údajů Slovenské republiky.</li></ul>`,
  },
  {
    shopId: SK.id,
    slug: 'ochrana-osobnych-udajov',
    locale: 'en',
    title: 'Privacy policy',
    body: `<p>The controller of your personal data is ${OPERATOR_SK_EN}.</p>
<h2>What data we process</h2>
<p>We process the name, address, e-mail and phone number you give us when ordering or signing up, in order to handle your order and perform the contract.</p>
<h2>Legal basis</h2>
<p>We process personal data in accordance with Regulation (EU) 2016/679 of the European Parliament and of the Council (GDPR) and Slovak Act No. 18/2018 Coll. on personal data protection.</p>
<h2>Your rights</h2>
<ul><li>the right of access to your data and to have it corrected,</li><li>the right to erasure and to restriction of processing,</li><li>the right to object and the right to data portability,</li><li>the right to lodge a complaint with the Office for Personal Data Protection of the Slovak Republic.</li></ul>`,
  },
  {
    shopId: SK.id,
    slug: 'doprava-a-platba',
    locale: 'cs',
    title: 'Doprava a platba',
    body: `<h2>Doprava</h2>
<ul><li>Kurýr na adresu – 3,90 €</li><li>Výdejní místo – 2,90 €</li><li>Osobní odběr v Bratislavě – zdarma</li></ul>
<p>Při nákupu nad {doprava_zadarmo_od} je doprava zdarma.</p>
<h2>Platba</h2>
<ul><li>Platba kartou online</li><li>Bankovní převod nebo QR platba</li><li>Dobírka – 1,00 €</li></ul>`,
  },
  {
    shopId: SK.id,
    slug: 'doprava-a-platba',
    locale: 'en',
    title: 'Shipping and payment',
    body: `<h2>Shipping</h2>
<ul><li>Courier to your address – €3.90</li><li>Pickup point – €2.90</li><li>Collection in Bratislava – free</li></ul>
<p>Shipping is free on orders over {doprava_zadarmo_od}.</p>
<h2>Payment</h2>
<ul><li>Card payment online</li><li>Bank transfer or QR payment</li><li>Cash on delivery – €1.00</li></ul>`,
  },
  {
    shopId: SK.id,
    slug: 'kontakt',
    locale: 'cs',
    title: 'Kontakt',
    body: `<p>${OPERATOR_SK_CS}</p>
<p>E-mail: <a href="mailto:${SK.email}">${SK.email}</a><br>Telefon: +421 2 123 456 78 (pracovní dny 8:00 – 16:00)</p>`,
  },
  {
    shopId: SK.id,
    slug: 'kontakt',
    locale: 'en',
    title: 'Contact',
    body: `<p>${OPERATOR_SK_EN}</p>
<p>E-mail: <a href="mailto:${SK.email}">${SK.email}</a><br>Phone: +421 2 123 456 78 (working days 8:00 – 16:00)</p>`,
  },
  {
    shopId: CZ.id,
    slug: CZ.termsSlug,
    locale: 'en',
    title: 'Terms and conditions',
    body: `<h2>1. Introduction</h2>
<p>These terms and conditions govern the relationship between the seller, ${OPERATOR_CZ_EN}, and the buyer when buying goods through the online shop obchod.cz.</p>
<h2>2. Orders and the contract</h2>
<p>The purchase contract is concluded when the seller confirms the order, which we send to the buyer by e-mail. Prices are in Czech crowns including VAT.</p>
<h2>3. Delivery</h2>
<p>Goods in stock are usually dispatched within 24 hours.</p>
<h2>4. Withdrawal from the contract</h2>
<p>A consumer may withdraw from the purchase contract without giving a reason within 14 days of receiving the goods under Section 1829 et seq. of Act No. 89/2012 Coll., the Civil Code. They may also withdraw before receiving the goods.</p>
<p>The easiest way is the <a href="${WITHDRAWAL_PATHS.cz.form}">Withdraw from the contract</a> function in the footer of every page of the shop, on the order tracking page and at every order in your account. Enter your name, order number and e-mail, choose the goods and confirm; we send you an acknowledgement with the date and time by e-mail without undue delay. You may also withdraw by any other clear statement sent to the seller's address or e-mail.</p>
<p>Send the goods back to the seller's address within 14 days of withdrawing. We refund the money, including delivery costs, within 14 days of the withdrawal, but not before we receive the goods back or the consumer proves they have been sent (Section 1832 of the Civil Code).</p>
<h2>5. Complaints</h2>
<ul><li>The warranty period is 24 months from receipt of the goods.</li><li>We settle a complaint within 30 days of it being made.</li></ul>
<h2>6. Final provisions</h2>
<p>Matters not covered by these terms are governed by Act No. 89/2012 Coll., the Civil Code, and Act No. 634/1992 Coll. on consumer protection.</p>`,
  },
  {
    shopId: CZ.id,
    slug: 'ochrana-osobnich-udaju',
    locale: 'en',
    title: 'Privacy policy',
    body: `<p>The controller of your personal data is ${OPERATOR_CZ_EN}. We process data under Regulation (EU) 2016/679 (GDPR) and Act No. 110/2019 Coll. on personal data processing, only as far as needed to handle your order.</p>
<ul><li>the right of access to your data and to have it corrected,</li><li>the right to erasure and to restriction of processing,</li><li>the right to lodge a complaint with the Office for Personal Data Protection.</li></ul>`,
  },
  {
    shopId: CZ.id,
    slug: 'doprava-a-platba',
    locale: 'en',
    title: 'Shipping and payment',
    body: `<h2>Shipping</h2>
<ul><li>Courier to your address – CZK 99</li><li>Pickup point – CZK 69</li></ul>
<p>Shipping is free on orders over {doprava_zadarmo_od}.</p>
<h2>Payment</h2>
<ul><li>Card payment online</li><li>Bank transfer or QR payment</li><li>Cash on delivery – CZK 29</li></ul>`,
  },
  {
    shopId: CZ.id,
    slug: 'kontakt',
    locale: 'en',
    title: 'Contact',
    body: `<p>${OPERATOR_CZ_EN}</p>
<p>E-mail: <a href="mailto:${CZ.email}">${CZ.email}</a><br>Phone: +420 222 123 456 (working days 8:00 – 16:00)</p>`,
  },
];

/** Writes the pages' texts in other languages; a text already there is kept. Answers the rows written. */
export function seedPageTexts(sqlite: Database.Database): number {
  const id = sqlite.prepare('SELECT id FROM static_posts WHERE shop_id = ? AND slug = ?').pluck();
  const insert = sqlite.prepare('INSERT OR IGNORE INTO static_post_texts (post_id, locale, title, body) VALUES (?, ?, ?, ?)');
  let written = 0;
  for (const t of TEXTS) {
    const postId = id.get(t.shopId, t.slug) as number | undefined;
    if (postId !== undefined) written += insert.run(postId, t.locale, t.title, t.body).changes;
  }
  return written;
}
