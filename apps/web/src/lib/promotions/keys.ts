/** Every answer of this area, including the header's badge count (['promotions', 'count', token]). */
export const promotionsRootKey = ['promotions'] as const;
