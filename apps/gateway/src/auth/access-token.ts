/** Claims of the short-lived access token identity signs. */
export interface AccessTokenClaims {
  sub: number;
  companyId: number;
  /** The login (refresh session) this token belongs to. */
  sid: string;
}
