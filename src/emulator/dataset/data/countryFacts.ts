/**
 * Facts the countries and cities records carry, by ISO alpha-2 code:
 * numeric code | native name | area in km² | latitude | longitude | capital's time zone.
 */
const COUNTRY_FACT_LINES = `
US|840|United States|9833520|38.0000|-97.0000|America/New_York
CA|124|Canada|9984670|60.0000|-95.0000|America/Toronto
MX|484|México|1964375|23.0000|-102.0000|America/Mexico_City
BR|076|Brasil|8515767|-10.0000|-55.0000|America/Sao_Paulo
AR|032|Argentina|2780400|-34.0000|-64.0000|America/Argentina/Buenos_Aires
CL|152|Chile|756102|-30.0000|-71.0000|America/Santiago
CO|170|Colombia|1141748|4.0000|-72.0000|America/Bogota
GB|826|United Kingdom|242495|54.0000|-2.0000|Europe/London
DE|276|Deutschland|357114|51.0000|9.0000|Europe/Berlin
FR|250|France|551695|46.0000|2.0000|Europe/Paris
IT|380|Italia|301336|42.8333|12.8333|Europe/Rome
ES|724|España|505992|40.0000|-4.0000|Europe/Madrid
NL|528|Nederland|41850|52.5000|5.7500|Europe/Amsterdam
BE|056|België|30528|50.8333|4.0000|Europe/Brussels
CH|756|Schweiz|41284|47.0000|8.0000|Europe/Zurich
AT|040|Österreich|83871|47.3333|13.3333|Europe/Vienna
SE|752|Sverige|450295|62.0000|15.0000|Europe/Stockholm
NO|578|Norge|323802|62.0000|10.0000|Europe/Oslo
DK|208|Danmark|43094|56.0000|10.0000|Europe/Copenhagen
IE|372|Éire|70273|53.0000|-8.0000|Europe/Dublin
GR|300|Ελλάδα|131990|39.0000|22.0000|Europe/Athens
PL|616|Polska|312679|52.0000|20.0000|Europe/Warsaw
CZ|203|Česko|78865|49.7500|15.5000|Europe/Prague
HU|348|Magyarország|93028|47.0000|20.0000|Europe/Budapest
RO|642|România|238391|46.0000|25.0000|Europe/Bucharest
RU|643|Россия|17098242|60.0000|100.0000|Europe/Moscow
TR|792|Türkiye|783562|39.0000|35.0000|Europe/Istanbul
AE|784|دولة الإمارات العربية المتحدة|83600|24.0000|54.0000|Asia/Dubai
SA|682|المملكة العربية السعودية|2149690|25.0000|45.0000|Asia/Riyadh
IL|376|ישראל|20770|31.5000|34.7500|Asia/Jerusalem
ZA|710|South Africa|1221037|-29.0000|24.0000|Africa/Johannesburg
EG|818|مصر|1002450|27.0000|30.0000|Africa/Cairo
KE|404|Kenya|580367|1.0000|38.0000|Africa/Nairobi
CN|156|中国|9596961|35.0000|105.0000|Asia/Shanghai
JP|392|日本|377930|36.0000|138.0000|Asia/Tokyo
KR|410|대한민국|100210|37.0000|127.5000|Asia/Seoul
IN|356|भारत|3287263|20.0000|77.0000|Asia/Kolkata
ID|360|Indonesia|1904569|-5.0000|120.0000|Asia/Jakarta
AU|036|Australia|7692024|-27.0000|133.0000|Australia/Sydney
NZ|554|New Zealand|270467|-41.0000|174.0000|Pacific/Auckland
SG|702|Singapore|710|1.3667|103.8000|Asia/Singapore
TH|764|ประเทศไทย|513120|15.0000|100.0000|Asia/Bangkok
`;

export interface CountryFacts {
  readonly numeric: string;
  readonly nativeName: string;
  readonly area: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly timezone: string;
}

export const COUNTRY_FACTS: ReadonlyMap<string, CountryFacts> = new Map(
  COUNTRY_FACT_LINES.trim()
    .split("\n")
    .map((line) => {
      const [code, numeric, nativeName, area, latitude, longitude, timezone] = line.split("|");
      return [code, { numeric, nativeName, area: Number(area), latitude: Number(latitude), longitude: Number(longitude), timezone }];
    }),
);

/** 🇺🇸 from "US": the two regional indicator symbols. */
export const flagEmoji = (code: string): string =>
  String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
