/**
 * Issuing places printed on Taiwan (ROC) national ID cards ("發證地點"), for the KYC form's
 * issue-place field. `name` is the abbreviation exactly as printed on the card (what the member
 * compares against), `nameEn` the English name of the city/county.
 *
 * `code` is the Ministry of the Interior administrative-division code of the city/county whose
 * household-registration offices issue the card (the code used by the MOI ID-card
 * reissue-record check). The former counties merged in 2010/2014 (北縣, 桃縣, 中縣, 南縣,
 * 高縣) are kept: cards issued before the mergers still show them and remain valid.
 */
export interface DocIssuePlaceDefinition {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
}

export const DOC_ISSUE_PLACES = [
  { code: '63000', name: '北市', nameEn: 'Taipei City' },
  { code: '65000', name: '新北市', nameEn: 'New Taipei City' },
  { code: '68000', name: '桃市', nameEn: 'Taoyuan City' },
  { code: '66000', name: '中市', nameEn: 'Taichung City' },
  { code: '67000', name: '南市', nameEn: 'Tainan City' },
  { code: '64000', name: '高市', nameEn: 'Kaohsiung City' },
  { code: '10017', name: '基市', nameEn: 'Keelung City' },
  { code: '10018', name: '竹市', nameEn: 'Hsinchu City' },
  { code: '10020', name: '嘉市', nameEn: 'Chiayi City' },
  { code: '10001', name: '北縣', nameEn: 'Taipei County (former)' },
  { code: '10002', name: '宜縣', nameEn: 'Yilan County' },
  { code: '10003', name: '桃縣', nameEn: 'Taoyuan County (former)' },
  { code: '10004', name: '竹縣', nameEn: 'Hsinchu County' },
  { code: '10005', name: '苗縣', nameEn: 'Miaoli County' },
  { code: '10006', name: '中縣', nameEn: 'Taichung County (former)' },
  { code: '10007', name: '彰縣', nameEn: 'Changhua County' },
  { code: '10008', name: '投縣', nameEn: 'Nantou County' },
  { code: '10009', name: '雲縣', nameEn: 'Yunlin County' },
  { code: '10010', name: '嘉縣', nameEn: 'Chiayi County' },
  { code: '10011', name: '南縣', nameEn: 'Tainan County (former)' },
  { code: '10012', name: '高縣', nameEn: 'Kaohsiung County (former)' },
  { code: '10013', name: '屏縣', nameEn: 'Pingtung County' },
  { code: '10014', name: '東縣', nameEn: 'Taitung County' },
  { code: '10015', name: '花縣', nameEn: 'Hualien County' },
  { code: '10016', name: '澎縣', nameEn: 'Penghu County' },
  { code: '09020', name: '金門', nameEn: 'Kinmen County' },
  { code: '09007', name: '連江', nameEn: 'Lienchiang County' },
] as const satisfies readonly DocIssuePlaceDefinition[];
