import type { BrandCapabilities } from './brand-capabilities';
import type { TCarMakeTier, TIncentiveZoneTier } from './schemas/brand';

/**
 * A title that mentions `keyword` is kept only when it names `tier` in parentheses. Matching the
 * parenthesised tier avoids the substring trap: 'remote' is inside 'ultra-remote' and
 * 'non-remote', but '(remote)' is inside neither '(ultra-remote)' nor '(non-remote)'.
 * Titles that never mention the keyword are always kept. Case is ignored.
 */
export function titleMatchesTier(title: string, keyword: string, tier: string): boolean {
  const lower = title.toLowerCase();
  if (!lower.includes(keyword.toLowerCase())) return true;
  return lower.includes(`(${tier.toLowerCase()})`);
}

/** Incentive zones: 'Drive-Thru (remote)' only for remote cities, '(ultra-remote)' only for ultra-remote. */
export function filterByIncentiveZone<Q extends { title: string }>(
  questionnaires: readonly Q[],
  tier: TIncentiveZoneTier,
): Q[] {
  return questionnaires.filter((q) => titleMatchesTier(q.title, 'remote', tier));
}

/** Car makes: '(premium)' titles only for premium makes, '(ultra-premium)' for ultra-premium ones. */
export function filterByCarMake<Q extends { title: string }>(
  questionnaires: readonly Q[],
  tier: TCarMakeTier,
): Q[] {
  return questionnaires.filter((q) => titleMatchesTier(q.title, 'premium', tier));
}

/** The zone tier of a city the customer picked (matched ignoring case and surrounding spaces). */
export function incentiveZoneTier(
  brand: Pick<BrandCapabilities, 'incentiveZones'>,
  pick: { city: string; state: string },
): TIncentiveZoneTier | null {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const zone = brand.incentiveZones.find((z) => same(z.city, pick.city) && same(z.state, pick.state));
  return zone?.tier ?? null;
}

/** The premium tier of a car make the customer picked. */
export function carMakeTier(brand: Pick<BrandCapabilities, 'carMakes'>, make: string): TCarMakeTier | null {
  const wanted = make.trim().toLowerCase();
  return brand.carMakes.find((m) => m.make.trim().toLowerCase() === wanted)?.tier ?? null;
}

export interface TierPicks {
  zoneTier?: TIncentiveZoneTier | null;
  carMakeTier?: TCarMakeTier | null;
}

/**
 * The questionnaires Get Started lists for this brand. A brand that uses incentive zones or
 * requires a car make lists nothing (null: the list stays hidden) until that pick is made.
 */
export function selectableQuestionnaires<Q extends { title: string }>(
  brand: Pick<BrandCapabilities, 'usesIncentiveZones' | 'requiresCarMake'>,
  questionnaires: readonly Q[],
  picks: TierPicks,
): Q[] | null {
  let list: Q[] = [...questionnaires];
  if (brand.usesIncentiveZones) {
    if (!picks.zoneTier) return null;
    list = filterByIncentiveZone(list, picks.zoneTier);
  }
  if (brand.requiresCarMake) {
    if (!picks.carMakeTier) return null;
    list = filterByCarMake(list, picks.carMakeTier);
  }
  return list;
}
