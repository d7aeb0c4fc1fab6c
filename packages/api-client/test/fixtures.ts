/** Test data shared by the client tests. */

/** A parent as join-api answers it (`ParentState.parent`). */
export const PARENT = {
  userId: 7,
  familyId: 3,
  firstName: 'Pat',
  lastName: 'Parent',
  email: 'pat@example.com',
  phoneCountryCode: '+1',
  phoneNumber: '2025550143',
  timeZone: 'America/Chicago',
};
