/** Owning companies: name | headquarters country code ("" when outside our countries) | listed (P) or private (-). */
export const COMPANY_LINES = `
Toyota Motor|JP|P
Honda Motor|JP|P
Nissan Motor|JP|P
BMW Group|DE|P
Mercedes-Benz Group|DE|P
Volkswagen Group|DE|P
Ford Motor|US|P
General Motors|US|P
Tesla|US|P
Hyundai Motor|KR|P
Kia Corporation|KR|P
Renault Group|FR|P
Stellantis|NL|P
Ferrari|IT|P
Volvo Cars|SE|P
BYD|CN|P
Tata Group|IN|-
Suzuki Motor|JP|P
The Coca-Cola Company|US|P
PepsiCo|US|P
Keurig Dr Pepper|US|P
Red Bull GmbH|AT|-
Monster Beverage|US|P
AB InBev|BE|P
A.G. Barr|GB|P
Nestlé|CH|P
Starbucks|US|P
Unilever|GB|P
Lavazza|IT|-
JDE Peet's|NL|P
Tata Consumer Products|IN|P
Danone|FR|P
Gerolsteiner Brunnen|DE|-
Heineken|NL|P
Carlsberg|DK|P
Diageo|GB|P
Asahi Group|JP|P
Tsingtao Brewery|CN|P
United Breweries|IN|P
Molson Coors|US|P
Pernod Ricard|FR|P
Bacardi||-
Brown-Forman|US|P
LVMH|FR|P
Casella Wines|AU|-
Henkell Freixenet|DE|-
Mars|US|-
Mondelez International|US|P
Haribo|DE|-
Lindt & Sprüngli|CH|P
Ferrero|IT|-
The Hershey Company|US|P
Kellanova|US|P
General Mills|US|P
Lactalis|FR|-
Arla Foods|DK|-
Kraft Heinz|US|P
Barilla|IT|-
Campbell's|US|P
Dr. Oetker|DE|-
Nissin Foods|JP|P
Amul|IN|-
Grupo Bimbo|MX|P
Walmart|US|P
Tesco|GB|P
Carrefour|FR|P
Aldi|DE|-
Schwarz Group|DE|-
Costco|US|P
Kroger|US|P
Target|US|P
Sainsbury's|GB|P
Migros|CH|-
Woolworths Group|AU|P
Ahold Delhaize|NL|P
Edeka|DE|-
Amazon|US|P
eBay|US|P
Alibaba Group|CN|P
JD.com|CN|P
Zalando|DE|P
MercadoLibre|AR|P
Rakuten|JP|P
Shein|SG|-
PDD Holdings|CN|P
Etsy|US|P
Inter IKEA|SE|-
Home Depot|US|P
Adeo|FR|-
Kingfisher|GB|P
Walgreens Boots Alliance|US|P
CVS Health|US|P
dm-drogerie markt|DE|-
Marks & Spencer|GB|P
Macy's|US|P
El Corte Inglés|ES|-
Apple|US|P
Samsung Electronics|KR|P
Sony Group|JP|P
LG Electronics|KR|P
Xiaomi|CN|P
Huawei|CN|-
Philips|NL|P
Panasonic|JP|P
Canon|JP|P
Nintendo|JP|P
Microsoft|US|P
Bose|US|-
Dyson|GB|-
Alphabet|US|P
Meta Platforms|US|P
ByteDance|CN|-
Zoom Communications|US|P
Tencent|CN|P
Baidu|CN|P
Yandex|RU|P
Naver|KR|P
OpenAI|US|-
Snap|US|P
Pinterest|US|P
Dell Technologies|US|P
HP Inc|US|P
Lenovo|CN|P
Intel|US|P
Asus||P
Vodafone Group|GB|P
Orange|FR|P
Deutsche Telekom|DE|P
Verizon|US|P
AT&T|US|P
Telefónica|ES|P
Virgin Media O2|GB|-
China Mobile|CN|P
NTT|JP|P
Bharti Airtel|IN|P
Reliance Industries|IN|P
América Móvil|MX|P
Swisscom|CH|P
BT Group|GB|P
Telstra|AU|P
SK Telecom|KR|P
HSBC|GB|P
Barclays|GB|P
JPMorgan Chase|US|P
Bank of America|US|P
Citigroup|US|P
Banco Santander|ES|P
BBVA|ES|P
Deutsche Bank|DE|P
ING Group|NL|P
BNP Paribas|FR|P
UBS|CH|P
Commonwealth Bank|AU|P
ICBC|CN|P
HDFC Bank|IN|P
Itaú Unibanco|BR|P
Revolut|GB|-
N26|DE|-
Monzo|GB|-
Visa|US|P
Mastercard|US|P
American Express|US|P
PayPal|US|P
Ant Group|CN|-
Klarna|SE|P
Allianz|DE|P
AXA|FR|P
Generali|IT|P
Zurich Insurance|CH|P
Prudential|GB|P
State Farm|US|-
Berkshire Hathaway|US|P
Nike|US|P
adidas|DE|P
Puma|DE|P
Under Armour|US|P
New Balance|US|-
Authentic Brands|US|-
Asics|JP|P
Lululemon|CA|P
VF Corporation|US|P
Skechers|US|P
Decathlon|FR|-
Inditex|ES|P
H&M Group|SE|P
Fast Retailing|JP|P
Associated British Foods|GB|P
Gap Inc|US|P
Mango|ES|-
Levi Strauss|US|P
PVH|US|P
Ralph Lauren|US|P
Maus Frères|CH|-
Kering|FR|P
Chanel|FR|-
Hermès|FR|P
Prada|IT|P
Burberry|GB|P
Giorgio Armani|IT|-
Swatch Group|CH|P
Rolex|CH|-
Richemont|CH|P
Pandora|DK|P
Casio|JP|P
Patek Philippe|CH|-
L'Oréal|FR|P
Estée Lauder|US|P
Beiersdorf|DE|P
Shiseido|JP|P
Natura &Co|BR|P
The Body Shop|GB|-
Rituals|NL|-
Procter & Gamble|US|P
Colgate-Palmolive|US|P
Kenvue|US|P
Haleon|GB|P
Netflix|US|P
Walt Disney|US|P
Spotify|SE|P
Warner Bros. Discovery|US|P
BBC|GB|-
Fox Corporation|US|P
ARD|DE|-
TF1 Group|FR|P
NHK|JP|-
Al Jazeera Media Network||-
Grupo Globo|BR|-
The New York Times|US|P
Guardian Media Group|GB|-
Comcast|US|P
Lego Group|DK|-
Mattel|US|P
Emirates Group|AE|-
Qatar Airways||-
Lufthansa Group|DE|P
IAG|GB|P
Air France-KLM|FR|P
Delta Air Lines|US|P
American Airlines|US|P
United Airlines|US|P
Singapore Airlines|SG|P
Ryanair|IE|P
easyJet|GB|P
Qantas|AU|P
ANA Holdings|JP|P
Turkish Airlines|TR|P
LATAM Airlines|CL|P
Marriott International|US|P
Hilton|US|P
Hyatt|US|P
IHG|GB|P
Accor|FR|P
Four Seasons|CA|-
Airbnb|US|P
Booking Holdings|US|P
Expedia Group|US|P
Trip.com Group|CN|P
Tripadvisor|US|P
Uber|US|P
Lyft|US|P
Hertz|US|P
DiDi|CN|-
Grab|SG|P
McDonald's|US|P
Restaurant Brands International|CA|P
Yum! Brands|US|P
Subway|US|-
Domino's|US|P
Inspire Brands|US|-
Wendy's|US|P
Chick-fil-A|US|-
Chipotle|US|P
Nando's|ZA|-
Five Guys|US|-
Greggs|GB|P
Luckin Coffee|CN|P
Henkel|DE|P
Reckitt|GB|P
3M|US|P
Whirlpool|US|P
Robert Bosch|DE|-
Miele|DE|-
Electrolux|SE|P
Siemens|DE|P
Haier|CN|P
Bayer|DE|P
Pfizer|US|P
Johnson & Johnson|US|P
Novartis|CH|P
Roche|CH|P
Sanofi|FR|P
GSK|GB|P
AstraZeneca|GB|P
Moderna|US|P
Shell|GB|P
BP|GB|P
ExxonMobil|US|P
Chevron|US|P
TotalEnergies|FR|P
Saudi Aramco|SA|P
Petrobras|BR|P
Repsol|ES|P
Eni|IT|P
Gazprom|RU|P
E.ON|DE|P
EDF|FR|-
Iberdrola|ES|P
Enel|IT|P
Centrica|GB|P
Real Madrid CF|ES|-
FC Barcelona|ES|-
Manchester United|GB|P
National Basketball Association|US|-
National Football League|US|-
Formula One Group|GB|P
Peloton|US|P
Garmin|CH|P
Strava|US|-
`;
