/**
 * Sectors (`## name`, `*` = in the "most influential" list), their categories (`# name`) and
 * brands: `Brand@Company`, `#CC` = a local brand surveyed only in that country, `>YYYY` = surveyed
 * only from that year, `!` = never surveyed, `+Category` = a second category.
 */
export const CATALOGUE = `
## Automotive *
# Cars
Toyota@Toyota Motor
Lexus@Toyota Motor
Honda@Honda Motor
Nissan@Nissan Motor
BMW@BMW Group
Mini@BMW Group
Mercedes-Benz@Mercedes-Benz Group
Volkswagen@Volkswagen Group
Audi@Volkswagen Group
Porsche@Volkswagen Group
Škoda@Volkswagen Group
Ford@Ford Motor
Chevrolet@General Motors
Cadillac@General Motors
Hyundai@Hyundai Motor
Kia@Kia Corporation
Renault@Renault Group
Peugeot@Stellantis
Citroën@Stellantis
Fiat@Stellantis
Jeep@Stellantis
Ferrari@Ferrari
Volvo@Volvo Cars
Tata Motors@Tata Group#IN
Maruti Suzuki@Suzuki Motor#IN
# Electric Vehicles
Tesla@Tesla
BYD@BYD>2019
## Beverages (Non-alcoholic)
# Soft Drinks
Coca-Cola@The Coca-Cola Company
Diet Coke@The Coca-Cola Company
Sprite@The Coca-Cola Company
Fanta@The Coca-Cola Company
Pepsi@PepsiCo
7UP@PepsiCo
Dr Pepper@Keurig Dr Pepper#US
Guaraná Antarctica@AB InBev#BR
Irn-Bru@A.G. Barr#GB
# Energy Drinks
Red Bull@Red Bull GmbH
Monster Energy@Monster Beverage
# Coffee & Tea
Nescafé@Nestlé
Nespresso@Nestlé+Small Appliances
Lipton@Unilever
Lavazza@Lavazza
Jacobs@JDE Peet's
Tetley@Tata Consumer Products
# Bottled Water
Evian@Danone
Volvic@Danone
San Pellegrino@Nestlé
Perrier@Nestlé
Gerolsteiner@Gerolsteiner Brunnen#DE
## Beverages (Alcoholic)
# Beer
Heineken@Heineken
Budweiser@AB InBev
Stella Artois@AB InBev
Corona@AB InBev
Beck's@AB InBev
Modelo@AB InBev
Carlsberg@Carlsberg
Guinness@Diageo
Asahi@Asahi Group
Tsingtao@Tsingtao Brewery#CN
Brahma@AB InBev#BR
Kingfisher@United Breweries#IN
Miller Lite@Molson Coors#US
# Spirits
Johnnie Walker@Diageo
Smirnoff@Diageo
Absolut@Pernod Ricard
Jameson@Pernod Ricard
Bacardi@Bacardi
Grey Goose@Bacardi
Jack Daniel's@Brown-Forman
Hennessy@LVMH
# Wine & Champagne
Moët & Chandon@LVMH
Dom Pérignon@LVMH
Yellow Tail@Casella Wines
Freixenet@Henkell Freixenet!
## Food *
# Confectionery
Kit Kat@Nestlé
M&M's@Mars
Snickers@Mars
Twix@Mars
Cadbury@Mondelez International
Milka@Mondelez International
Toblerone@Mondelez International
Haribo@Haribo
Lindt@Lindt & Sprüngli
Ferrero Rocher@Ferrero
Nutella@Ferrero+Spreads
Kinder@Ferrero
Hershey's@The Hershey Company#US
# Snacks
Lay's@PepsiCo
Doritos@PepsiCo
Cheetos@PepsiCo
Pringles@Kellanova
Oreo@Mondelez International
Ritz@Mondelez International
# Breakfast & Dairy
Kellogg's@Kellanova
Quaker@PepsiCo
Activia@Danone
Yoplait@General Mills
Philadelphia@Mondelez International+Spreads
Président@Lactalis
Arla@Arla Foods
Amul@Amul#IN
# Packaged Foods
Heinz@Kraft Heinz
Knorr@Unilever
Hellmann's@Unilever
Maggi@Nestlé
Barilla@Barilla
Campbell's@Campbell's#US
Dr. Oetker@Dr. Oetker
Nissin@Nissin Foods
Bimbo@Grupo Bimbo#MX
# Spreads
## Retail *
# Supermarkets
Walmart@Walmart
Carrefour@Carrefour
Aldi@Aldi
Lidl@Schwarz Group
Costco@Costco
Tesco@Tesco#GB
Sainsbury's@Sainsbury's#GB
Kroger@Kroger#US
Target@Target#US
Migros@Migros#CH
Woolworths@Woolworths Group#AU
Albert Heijn@Ahold Delhaize#NL
Edeka@Edeka#DE
# E-commerce
Amazon@Amazon
eBay@eBay
Alibaba@Alibaba Group
Taobao@Alibaba Group#CN
JD.com@JD.com#CN
Zalando@Zalando
Mercado Libre@MercadoLibre
Flipkart@Walmart#IN
Rakuten@Rakuten
Shein@Shein>2021
Temu@PDD Holdings>2023
Etsy@Etsy
# Home & DIY
IKEA@Inter IKEA
Home Depot@Home Depot#US
Leroy Merlin@Adeo
B&Q@Kingfisher#GB
# Department Stores & Drugstores
Sephora@LVMH
Boots@Walgreens Boots Alliance#GB
Walgreens@Walgreens Boots Alliance#US
CVS@CVS Health#US
dm@dm-drogerie markt#DE
Marks & Spencer@Marks & Spencer#GB
Macy's@Macy's#US
El Corte Inglés@El Corte Inglés#ES
## Technology *
# Consumer Electronics
Apple@Apple
Samsung@Samsung Electronics
Sony@Sony Group
LG@LG Electronics
Xiaomi@Xiaomi
Huawei@Huawei
Philips@Philips+Small Appliances
Panasonic@Panasonic
Canon@Canon
Bose@Bose
# Gaming
Nintendo@Nintendo
PlayStation@Sony Group
Xbox@Microsoft
# Software & Internet
Google@Alphabet
YouTube@Alphabet+Streaming
Microsoft@Microsoft
LinkedIn@Microsoft
Zoom@Zoom Communications>2020
ChatGPT@OpenAI>2023
Baidu@Baidu#CN
Yandex@Yandex#RU
Naver@Naver#KR
# Social Media
Facebook@Meta Platforms
Instagram@Meta Platforms
WhatsApp@Meta Platforms
TikTok@ByteDance>2019
Snapchat@Snap
Pinterest@Pinterest
WeChat@Tencent#CN
# Computers
Dell@Dell Technologies
HP@HP Inc
Lenovo@Lenovo
Intel@Intel
Asus@Asus!
## Telecommunications
# Mobile Operators
Vodafone@Vodafone Group
Orange@Orange
Telekom@Deutsche Telekom
T-Mobile@Deutsche Telekom#US
Verizon@Verizon#US
AT&T@AT&T#US
Movistar@Telefónica
O2@Virgin Media O2#GB
China Mobile@China Mobile#CN
NTT Docomo@NTT#JP
Airtel@Bharti Airtel#IN
Jio@Reliance Industries#IN>2017
Claro@América Móvil
Telcel@América Móvil#MX
Swisscom@Swisscom#CH
BT@BT Group#GB
Telstra@Telstra#AU
SK Telecom@SK Telecom#KR
## Financial Services
# Banks
HSBC@HSBC
Citibank@Citigroup
Santander@Banco Santander
BBVA@BBVA
ING@ING Group
BNP Paribas@BNP Paribas
UBS@UBS
Barclays@Barclays#GB
Chase@JPMorgan Chase#US
Bank of America@Bank of America#US
Deutsche Bank@Deutsche Bank#DE
Commonwealth Bank@Commonwealth Bank#AU
ICBC@ICBC#CN
HDFC Bank@HDFC Bank#IN
Itaú@Itaú Unibanco#BR
Revolut@Revolut>2018
N26@N26>2018
Monzo@Monzo#GB>2019
# Payments & Cards
Visa@Visa
Mastercard@Mastercard
American Express@American Express
PayPal@PayPal
Klarna@Klarna>2019
Alipay@Ant Group#CN
# Insurance
Allianz@Allianz
AXA@AXA
Generali@Generali
Zurich@Zurich Insurance
Prudential@Prudential
State Farm@State Farm#US
GEICO@Berkshire Hathaway#US
## Fashion & Apparel *
# Sportswear
Nike@Nike
Adidas@adidas
Puma@Puma
Under Armour@Under Armour
New Balance@New Balance
Reebok@Authentic Brands!
Asics@Asics
Lululemon@Lululemon
The North Face@VF Corporation
Vans@VF Corporation
Converse@Nike
Skechers@Skechers
Decathlon@Decathlon
# Fast Fashion
Zara@Inditex
H&M@H&M Group
Uniqlo@Fast Retailing
Primark@Associated British Foods
Gap@Gap Inc
Mango@Mango
Levi's@Levi Strauss
Tommy Hilfiger@PVH
Calvin Klein@PVH
Ralph Lauren@Ralph Lauren
Lacoste@Maus Frères
## Luxury *
# Luxury Fashion
Louis Vuitton@LVMH
Dior@LVMH
Gucci@Kering
Saint Laurent@Kering
Balenciaga@Kering
Chanel@Chanel
Hermès@Hermès
Prada@Prada
Burberry@Burberry
Armani@Giorgio Armani
# Watches & Jewellery
Swatch@Swatch Group
Omega@Swatch Group
Longines@Swatch Group
Tissot@Swatch Group
Rolex@Rolex
Cartier@Richemont
Tiffany & Co.@LVMH
Tag Heuer@LVMH
Pandora@Pandora
Casio@Casio
Patek Philippe@Patek Philippe
## Personal Care & Beauty
# Cosmetics
L'Oréal Paris@L'Oréal
Maybelline@L'Oréal
Lancôme@L'Oréal
Garnier@L'Oréal
Estée Lauder@Estée Lauder
MAC@Estée Lauder
Clinique@Estée Lauder
Shiseido@Shiseido
Avon@Natura &Co
Natura@Natura &Co#BR
The Body Shop@The Body Shop
Rituals@Rituals
Fenty Beauty@LVMH>2018
# Personal Care
Nivea@Beiersdorf
Dove@Unilever
Axe@Unilever
Rexona@Unilever
Gillette@Procter & Gamble
Pantene@Procter & Gamble
Head & Shoulders@Procter & Gamble
Oral-B@Procter & Gamble
Old Spice@Procter & Gamble
Colgate@Colgate-Palmolive
Johnson's@Kenvue
Neutrogena@Kenvue
Sensodyne@Haleon
## Media & Entertainment *
# Streaming
Netflix@Netflix
Disney+@Walt Disney>2020
Prime Video@Amazon
Spotify@Spotify
Max@Warner Bros. Discovery>2023
Apple TV+@Apple>2020
Crunchyroll@Sony Group!
Hulu@Walt Disney#US
iQIYI@Baidu#CN
# Broadcasting & News
BBC@BBC
CNN@Warner Bros. Discovery
Al Jazeera@Al Jazeera Media Network
The New York Times@The New York Times
Fox News@Fox Corporation#US
ARD@ARD#DE
TF1@TF1 Group#FR
NHK@NHK#JP
Globo@Grupo Globo#BR
The Guardian@Guardian Media Group#GB
# Entertainment & Toys
Disney@Walt Disney
Marvel@Walt Disney
Pixar@Walt Disney
Warner Bros.@Warner Bros. Discovery
Universal Studios@Comcast
Lego@Lego Group
Barbie@Mattel
## Travel & Hospitality
# Airlines
Emirates@Emirates Group
Qatar Airways@Qatar Airways
Lufthansa@Lufthansa Group
British Airways@IAG
Air France@Air France-KLM
KLM@Air France-KLM
Singapore Airlines@Singapore Airlines
Ryanair@Ryanair
easyJet@easyJet
Turkish Airlines@Turkish Airlines
LATAM@LATAM Airlines
Delta Air Lines@Delta Air Lines#US
American Airlines@American Airlines#US
United Airlines@United Airlines#US
Qantas@Qantas#AU
ANA@ANA Holdings#JP
# Hotels & Booking
Marriott@Marriott International
Hilton@Hilton
Hyatt@Hyatt
Holiday Inn@IHG
Ibis@Accor
Four Seasons@Four Seasons
Airbnb@Airbnb
Booking.com@Booking Holdings
Expedia@Expedia Group
Trip.com@Trip.com Group
Tripadvisor@Tripadvisor
# Mobility
Uber@Uber
Hertz@Hertz!
Lyft@Lyft#US
DiDi@DiDi#CN
Grab@Grab#SG
## Restaurants
# Quick Service
McDonald's@McDonald's
Burger King@Restaurant Brands International
KFC@Yum! Brands
Pizza Hut@Yum! Brands
Taco Bell@Yum! Brands
Subway@Subway
Domino's@Domino's
Dunkin'@Inspire Brands
Five Guys@Five Guys
Nando's@Nando's
Wendy's@Wendy's#US
Tim Hortons@Restaurant Brands International#CA
Chick-fil-A@Chick-fil-A#US
Chipotle@Chipotle#US
Greggs@Greggs#GB
# Coffee Shops
Starbucks@Starbucks+Coffee & Tea
Costa Coffee@The Coca-Cola Company
Luckin Coffee@Luckin Coffee#CN>2019
## Household Products
# Home Care
Ariel@Procter & Gamble
Fairy@Procter & Gamble
Mr. Clean@Procter & Gamble
Swiffer@Procter & Gamble
Tide@Procter & Gamble#US
Persil@Henkel
Omo@Unilever
Domestos@Unilever
Vanish@Reckitt
Finish@Reckitt
Dettol@Reckitt
Lysol@Reckitt
Harpic@Reckitt!
Scotch-Brite@3M!
# Appliances
Whirlpool@Whirlpool
KitchenAid@Whirlpool
Bosch@Robert Bosch
Miele@Miele
Electrolux@Electrolux
Siemens@Siemens
Haier@Haier
Dyson@Dyson
# Small Appliances
## Health & Pharma
# Over-the-Counter
Advil@Haleon
Panadol@Haleon
Nurofen@Reckitt
Vicks@Procter & Gamble
Band-Aid@Kenvue
Durex@Reckitt
Bayer@Bayer
Tylenol@Kenvue#US
# Pharmaceuticals
Pfizer@Pfizer
Johnson & Johnson@Johnson & Johnson
Novartis@Novartis
Roche@Roche
Sanofi@Sanofi
GSK@GSK
AstraZeneca@AstraZeneca
Moderna@Moderna>2021
## Energy & Utilities
# Oil & Gas
Shell@Shell
BP@BP
ExxonMobil@ExxonMobil
Chevron@Chevron
TotalEnergies@TotalEnergies
Repsol@Repsol
Aramco@Saudi Aramco#SA
Petrobras@Petrobras#BR
Eni@Eni#IT
Gazprom@Gazprom#RU
# Utilities
E.ON@E.ON
Iberdrola@Iberdrola
Enel@Enel
EDF@EDF#FR
British Gas@Centrica#GB
## Sports & Fitness
# Sports Clubs & Leagues
Real Madrid@Real Madrid CF
FC Barcelona@FC Barcelona
Manchester United@Manchester United
NBA@National Basketball Association
Formula 1@Formula One Group
NFL@National Football League#US
# Fitness
Garmin@Garmin
Strava@Strava!
Peloton@Peloton#US>2019
`;

/** Local spellings that differ from the global name, per country code. */
export const LOCAL_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "Lay's": { GB: "Walkers", MX: "Sabritas", IE: "Walkers" },
  Axe: { GB: "Lynx", AU: "Lynx", IE: "Lynx", NZ: "Lynx" },
  "Mr. Clean": {
    DE: "Meister Proper",
    AT: "Meister Proper",
    CH: "Meister Proper",
    FR: "Mr Propre",
    BE: "Mr Propre",
    ES: "Don Limpio",
    IT: "Mastro Lindo",
  },
  "Burger King": { AU: "Hungry Jack's" },
  Rexona: { US: "Degree", CA: "Degree", GB: "Sure", IE: "Sure" },
  Omo: { FR: "Skip", BE: "Skip" },
  "Coca-Cola": { JP: "コカ・コーラ", CN: "可口可乐" },
  Samsung: { KR: "삼성" },
  Toyota: { JP: "トヨタ" },
  "McDonald's": { JP: "マクドナルド" },
  Vicks: { DE: "Wick" },
};

/** Brands so well known that every main study surveys them. */
export const ICONIC_BRANDS: ReadonlySet<string> = new Set([
  "Coca-Cola",
  "Pepsi",
  "McDonald's",
  "KFC",
  "Starbucks",
  "Apple",
  "Samsung",
  "Sony",
  "Google",
  "YouTube",
  "Microsoft",
  "Facebook",
  "Instagram",
  "Amazon",
  "Netflix",
  "Disney",
  "Nike",
  "Adidas",
  "Toyota",
  "BMW",
  "Mercedes-Benz",
  "Volkswagen",
  "IKEA",
  "Lego",
  "Visa",
  "Mastercard",
  "Shell",
  "Heineken",
  "Red Bull",
  "Nescafé",
  "Nivea",
  "Dove",
  "Colgate",
  "L'Oréal Paris",
  "Louis Vuitton",
  "Rolex",
  "Zara",
  "H&M",
  "Swatch",
  "Lay's",
  "Mr. Clean",
  "Tesla",
]);
