import type { Profile } from '../../../shared/contracts/profile.js';
import type { UserRow } from '../../db/schema/index.js';

export function presentProfile(u: UserRow): Profile {
  return {
    _id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    cellPhone: u.cellPhone,
    address1: u.address1,
    city: u.city,
    state: u.state,
    postal_code: u.postalCode,
  };
}
