import type { ProductDetail } from './product.service';
import { schemaAvailability } from './availability';
import { plainText } from './sanitize';

/** Decimal text of minor units for schema.org ("12.99"), never a float. */
export function decimalPrice(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** JSON-LD Product and BreadcrumbList of a product page; every URL absolute on this shop's origin. */
export function productJsonLd(detail: ProductDetail, shop: { origin: string; currency: string; name: string }): object[] {
  const { product, reviewSummary } = detail;
  const abs = (path: string) => `${shop.origin}${path}`;
  const url = abs(detail.url);
  const productLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.codePublic,
    url,
    image: detail.images.map((i) => abs(i.url)),
    description: plainText(product.description, 500),
    offers: {
      '@type': 'Offer',
      url,
      price: decimalPrice(product.price),
      priceCurrency: shop.currency,
      availability: schemaAvailability(product.availabilityDays),
      seller: { '@type': 'Organization', name: detail.seller?.name ?? shop.name },
    },
  };
  if (reviewSummary.count > 0 && reviewSummary.average !== null) {
    productLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: reviewSummary.average,
      reviewCount: reviewSummary.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  const trail = [...detail.breadcrumb, { name: product.name, path: detail.url }];
  const breadcrumbLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, name: entry.name, item: abs(entry.path) })),
  };
  return [productLd, breadcrumbLd];
}

