/** A Slovak guest's step-3 form that passes every checkout rule (orders and payments tests). */
export const CUSTOMER = {
  firstName: 'Ján',
  lastName: 'Novák',
  street: 'Hlavná 12',
  town: 'Bratislava',
  zip: '811 01',
  country: 'sk',
  contact: '+421 900 123 456',
  email: 'jan@example.sk',
  condition: true,
};
