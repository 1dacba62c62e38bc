/**
 * What a church costs us a month: AWS's list prices (us-east-1, on-demand, November 2026, no free
 * tier: the free tiers are the whole account's, spent by the first churches) times a usage
 * profile, times what the bench measures per operation (cost.ts). docs/cost.md explains each
 * number; change them together.
 */

export const PRICES = {
  /** DynamoDB on-demand, per million request units; storage per GB-month. */
  dynamoReadPerMillion: 0.125,
  dynamoWritePerMillion: 0.625,
  dynamoStoragePerGbMonth: 0.25,
  /** Lambda on Graviton (arm64), per GB-second and per million requests. */
  lambdaPerGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  /** HTTP API, per million requests. */
  apiPerMillionRequests: 1.0,
  /** CloudFront to North America, per GB and per 10,000 HTTPS requests. */
  cloudFrontPerGb: 0.085,
  cloudFrontPer10kRequests: 0.01,
  /** S3 standard: storage per GB-month, GETs per 1,000, data out to the internet per GB (photos come straight from S3). */
  s3StoragePerGbMonth: 0.023,
  s3PerThousandGets: 0.0004,
  s3OutPerGb: 0.09,
  /** Cognito per monthly active user, by feature plan. */
  cognitoLitePerMau: 0.0055,
  cognitoEssentialsPerMau: 0.015,
  cognitoPlusPerMau: 0.02,
  /** Step Functions standard, per 1,000 state transitions. */
  stepFunctionsPerThousandTransitions: 0.025,
  /** CloudWatch Logs ingestion per GB. */
  logsPerGb: 0.5,
  /** WAF: each web ACL and rule a month (two ACLs, ~8 rules), per million requests. */
  wafFixedMonth: 2 * 5 + 8 * 1,
  wafPerMillionRequests: 0.6,
} as const;

/** How a church uses the directory in a month, per family (the one unit every church size has). */
export const PROFILE = {
  /** Families whose someone signs in during the month (Cognito's monthly active users). */
  activeAccountsPerFamily: 0.5,
  /** Visits per active account: each loads the app shell and these API reads. */
  visitsPerActiveAccount: 6,
  /** The family list a page at a time: the first, and a second for one visit in two; a search for one in three; a group opened in one visit in five. */
  readsPerVisit: {
    getMe: 1,
    getDashboard: 1,
    listFamilies: 1.5,
    searchDirectory: 0.3,
    getFamily: 2,
    listGroups: 0.3,
    getGroup: 0.2,
  },
  /** Saves per family a month (the family's own and its administrators'). */
  writesPerFamily: { updateFamily: 0.3, updateMember: 0.3 },
  /** The app's code, downloaded once a month per active account (hashed assets stay cached). */
  appDownloadKbPerActiveAccount: 450,
  /** index.html and config.json, revalidated on every visit. */
  shellKbPerVisit: 3,
  /** Photos shown per visit: the list's first screen of small renditions, and the family pages' renditions. */
  smallPhotosPerVisit: 20,
  smallPhotoKb: 12,
  pagePhotosPerVisit: 2,
  pagePhotoKb: 60,
  /** Stored per family: one photo as uploaded and its three renditions. */
  photoStoredKbPerFamily: 650,
  /** Books printed a month, whatever the church's size. */
  booksPerMonth: 2,
  /** What one request writes to CloudWatch Logs (the one JSON line and Lambda's platform lines). */
  logKbPerRequest: 1,
  /** Churches sharing the fixed costs (WAF). */
  churchesSharingFixedCosts: 200,
  cognitoPlan: 'lite' as 'lite' | 'essentials' | 'plus',
};

/** What the bench measured for one operation, at one church size (medians). */
export interface Measured {
  readUnits: number;
  writeUnits: number;
  /** Handler time, as the Lambda's billed duration. */
  ms: number;
  responseKb: number;
  memoryMb: number;
}

export interface ChurchFigures {
  families: number;
  /** Bytes the church's items take in the table. */
  tableKb: number;
  operations: Record<string, Measured>;
  /** One book: Lambda GB-seconds, table reads, Step Functions transitions, file size. */
  book: { gbSeconds: number; readUnits: number; transitions: number; fileMb: number };
}

export type CostLines = Record<string, number>;

export function monthlyCost(church: ChurchFigures, profile = PROFILE, prices = PRICES): CostLines {
  const active = church.families * profile.activeAccountsPerFamily;
  const visits = active * profile.visitsPerActiveAccount;
  const calls: [string, number][] = [
    ...Object.entries(profile.readsPerVisit).map(([op, n]) => [op, n * visits] as [string, number]),
    ...Object.entries(profile.writesPerFamily).map(([op, n]) => [op, n * church.families] as [string, number]),
  ];
  let readUnits = church.book.readUnits * profile.booksPerMonth;
  let writeUnits = 0;
  let gbSeconds = church.book.gbSeconds * profile.booksPerMonth;
  let apiKb = 0;
  let requests = profile.booksPerMonth;
  for (const [op, count] of calls) {
    const m = church.operations[op];
    if (!m) throw new Error(`the bench did not measure ${op}`);
    readUnits += m.readUnits * count;
    writeUnits += m.writeUnits * count;
    gbSeconds += (m.memoryMb / 1024) * (m.ms / 1000) * count;
    apiKb += m.responseKb * count;
    requests += count;
  }
  const gb = (kb: number) => kb / 1024 / 1024;
  const shellKb = active * profile.appDownloadKbPerActiveAccount + visits * profile.shellKbPerVisit;
  const photoGets = visits * (profile.smallPhotosPerVisit + profile.pagePhotosPerVisit);
  const photoKb =
    visits * (profile.smallPhotosPerVisit * profile.smallPhotoKb + profile.pagePhotosPerVisit * profile.pagePhotoKb);
  const cloudFrontRequests = requests + visits * 2;
  const cognitoPerMau = {
    lite: prices.cognitoLitePerMau,
    essentials: prices.cognitoEssentialsPerMau,
    plus: prices.cognitoPlusPerMau,
  }[profile.cognitoPlan];
  return {
    dynamodb:
      (readUnits / 1e6) * prices.dynamoReadPerMillion +
      (writeUnits / 1e6) * prices.dynamoWritePerMillion +
      gb(church.tableKb) * prices.dynamoStoragePerGbMonth,
    lambda: gbSeconds * prices.lambdaPerGbSecond + (requests / 1e6) * prices.lambdaPerMillionRequests,
    apiGateway: (requests / 1e6) * prices.apiPerMillionRequests,
    cloudFront:
      gb(apiKb + shellKb) * prices.cloudFrontPerGb + (cloudFrontRequests / 1e4) * prices.cloudFrontPer10kRequests,
    s3:
      gb(church.families * profile.photoStoredKbPerFamily + church.book.fileMb * 1024) * prices.s3StoragePerGbMonth +
      (photoGets / 1e3) * prices.s3PerThousandGets +
      gb(photoKb + church.book.fileMb * 1024 * profile.booksPerMonth) * prices.s3OutPerGb,
    cognito: active * cognitoPerMau,
    stepFunctions:
      ((church.book.transitions * profile.booksPerMonth) / 1e3) * prices.stepFunctionsPerThousandTransitions,
    logs: gb(requests * profile.logKbPerRequest) * prices.logsPerGb,
    waf:
      prices.wafFixedMonth / profile.churchesSharingFixedCosts +
      (cloudFrontRequests / 1e6) * prices.wafPerMillionRequests,
  };
}

export const total = (lines: CostLines) => Object.values(lines).reduce((sum, usd) => sum + usd, 0);
