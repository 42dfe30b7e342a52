export interface SigningPlan {
  signed: boolean;
  notarized: boolean;
  args: string[];
  extraEnv: Record<string, string>;
  verified: string[];
}
export function signingPlan(env: Record<string, string | undefined>, platform: string): SigningPlan;
export function namesPublisher(appUpdateYml: string): boolean;
