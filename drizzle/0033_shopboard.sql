CREATE TABLE "certifications" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_shopper_rules" (
	"qid" text PRIMARY KEY NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"gender" text,
	"requires_car" boolean DEFAULT false NOT NULL,
	"certification_id" text,
	"min_rating" real,
	"location_gap_days" integer,
	"max_visits_per_cycle" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_certifications" (
	"user_id" text NOT NULL,
	"certification_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_certifications_user_id_certification_id_pk" PRIMARY KEY("user_id","certification_id")
);
--> statement-breakpoint
CREATE TABLE "shopper_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"line1" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"point_precision" text,
	"has_car" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_longitude" double precision;--> statement-breakpoint
ALTER TABLE "questionnaire_shopper_rules" ADD CONSTRAINT "questionnaire_shopper_rules_qid_questionnaires_id_fk" FOREIGN KEY ("qid") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_shopper_rules" ADD CONSTRAINT "questionnaire_shopper_rules_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_certifications" ADD CONSTRAINT "shopper_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_certifications" ADD CONSTRAINT "shopper_certifications_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_profiles" ADD CONSTRAINT "shopper_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_name_uq" ON "certifications" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "evaluations_user_location_idx" ON "evaluations" USING btree ("user_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_search_point_idx" ON "locations" USING btree ("search_latitude","search_longitude","id");--> statement-breakpoint
CREATE INDEX "visits_open_location_idx" ON "visits" USING btree ("location_id","due_date") WHERE "visits"."status" = 10000;--> statement-breakpoint
-- Backfill the shopboard's point of existing locations: the geocoded point, else the city's centre, else the state's.
UPDATE "locations" SET "search_latitude" = "latitude", "search_longitude" = "longitude" WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
UPDATE "locations" l SET "search_latitude" = c.lat, "search_longitude" = c.lng FROM (VALUES ('AK', 'anchorage', 61.2181, -149.9003), ('AL', 'birmingham', 33.5186, -86.8104), ('AL', 'montgomery', 32.3668, -86.3), ('AR', 'little rock', 34.7465, -92.2896), ('AZ', 'phoenix', 33.4484, -112.074), ('AZ', 'tucson', 32.2226, -110.9747), ('AZ', 'mesa', 33.4152, -111.8315), ('AZ', 'scottsdale', 33.4942, -111.9261), ('CA', 'los angeles', 34.0522, -118.2437), ('CA', 'san diego', 32.7157, -117.1611), ('CA', 'san jose', 37.3382, -121.8863), ('CA', 'san francisco', 37.7749, -122.4194), ('CA', 'oakland', 37.8044, -122.2712), ('CA', 'sacramento', 38.5816, -121.4944), ('CA', 'fresno', 36.7378, -119.7871), ('CA', 'long beach', 33.7701, -118.1937), ('CA', 'irvine', 33.6846, -117.8265), ('CA', 'anaheim', 33.8366, -117.9143), ('CO', 'denver', 39.7392, -104.9903), ('CO', 'colorado springs', 38.8339, -104.8214), ('CO', 'boulder', 40.015, -105.2705), ('CT', 'hartford', 41.7658, -72.6734), ('CT', 'new haven', 41.3083, -72.9279), ('DC', 'washington', 38.9072, -77.0369), ('DE', 'wilmington', 39.7391, -75.5398), ('FL', 'miami', 25.7617, -80.1918), ('FL', 'orlando', 28.5383, -81.3792), ('FL', 'tampa', 27.9506, -82.4572), ('FL', 'jacksonville', 30.3322, -81.6557), ('FL', 'tallahassee', 30.4383, -84.2807), ('FL', 'fort lauderdale', 26.1224, -80.1373), ('GA', 'atlanta', 33.749, -84.388), ('GA', 'savannah', 32.0809, -81.0912), ('HI', 'honolulu', 21.3069, -157.8583), ('IA', 'des moines', 41.5868, -93.625), ('ID', 'boise', 43.615, -116.2023), ('IL', 'chicago', 41.8781, -87.6298), ('IL', 'springfield', 39.7817, -89.6501), ('IN', 'indianapolis', 39.7684, -86.1581), ('KS', 'wichita', 37.6872, -97.3301), ('KS', 'overland park', 38.9822, -94.6708), ('KY', 'louisville', 38.2527, -85.7585), ('KY', 'lexington', 38.0406, -84.5037), ('LA', 'new orleans', 29.9511, -90.0715), ('LA', 'baton rouge', 30.4515, -91.1871), ('MA', 'boston', 42.3601, -71.0589), ('MA', 'cambridge', 42.3736, -71.1097), ('MA', 'worcester', 42.2626, -71.8023), ('MD', 'baltimore', 39.2904, -76.6122), ('ME', 'portland', 43.6591, -70.2568), ('MI', 'detroit', 42.3314, -83.0458), ('MI', 'grand rapids', 42.9634, -85.6681), ('MI', 'ann arbor', 42.2808, -83.743), ('MN', 'minneapolis', 44.9778, -93.265), ('MN', 'saint paul', 44.9537, -93.09), ('MN', 'st. paul', 44.9537, -93.09), ('MO', 'kansas city', 39.0997, -94.5786), ('MO', 'st. louis', 38.627, -90.1994), ('MO', 'saint louis', 38.627, -90.1994), ('MS', 'jackson', 32.2988, -90.1848), ('MT', 'billings', 45.7833, -108.5007), ('NC', 'charlotte', 35.2271, -80.8431), ('NC', 'raleigh', 35.7796, -78.6382), ('NC', 'durham', 35.994, -78.8986), ('NC', 'greensboro', 36.0726, -79.792), ('ND', 'fargo', 46.8772, -96.7898), ('NE', 'omaha', 41.2565, -95.9345), ('NE', 'lincoln', 40.8136, -96.7026), ('NH', 'manchester', 42.9956, -71.4548), ('NJ', 'newark', 40.7357, -74.1724), ('NJ', 'jersey city', 40.7178, -74.0431), ('NM', 'albuquerque', 35.0844, -106.6504), ('NM', 'santa fe', 35.687, -105.9378), ('NV', 'las vegas', 36.1699, -115.1398), ('NV', 'reno', 39.5296, -119.8138), ('NV', 'henderson', 36.0395, -114.9817), ('NY', 'new york', 40.7128, -74.006), ('NY', 'brooklyn', 40.6782, -73.9442), ('NY', 'buffalo', 42.8864, -78.8784), ('NY', 'rochester', 43.1566, -77.6088), ('NY', 'albany', 42.6526, -73.7562), ('NY', 'syracuse', 43.0481, -76.1474), ('OH', 'columbus', 39.9612, -82.9988), ('OH', 'cleveland', 41.4993, -81.6944), ('OH', 'cincinnati', 39.1031, -84.512), ('OH', 'toledo', 41.6528, -83.5379), ('OK', 'oklahoma city', 35.4676, -97.5164), ('OK', 'tulsa', 36.154, -95.9928), ('OR', 'portland', 45.5152, -122.6784), ('OR', 'eugene', 44.0521, -123.0868), ('PA', 'philadelphia', 39.9526, -75.1652), ('PA', 'pittsburgh', 40.4406, -79.9959), ('PA', 'harrisburg', 40.2732, -76.8867), ('RI', 'providence', 41.824, -71.4128), ('SC', 'charleston', 32.7765, -79.9311), ('SC', 'columbia', 34.0007, -81.0348), ('SD', 'sioux falls', 43.5446, -96.7311), ('TN', 'nashville', 36.1627, -86.7816), ('TN', 'memphis', 35.1495, -90.049), ('TN', 'knoxville', 35.9606, -83.9207), ('TX', 'houston', 29.7604, -95.3698), ('TX', 'san antonio', 29.4241, -98.4936), ('TX', 'dallas', 32.7767, -96.797), ('TX', 'austin', 30.2672, -97.7431), ('TX', 'fort worth', 32.7555, -97.3308), ('TX', 'el paso', 31.7619, -106.485), ('TX', 'arlington', 32.7357, -97.1081), ('TX', 'plano', 33.0198, -96.6989), ('TX', 'round rock', 30.5083, -97.6789), ('TX', 'san marcos', 29.8833, -97.9414), ('TX', 'georgetown', 30.6333, -97.677), ('TX', 'waco', 31.5493, -97.1467), ('TX', 'corpus christi', 27.8006, -97.3964), ('TX', 'lubbock', 33.5779, -101.8552), ('UT', 'salt lake city', 40.7608, -111.891), ('VA', 'virginia beach', 36.8529, -75.978), ('VA', 'richmond', 37.5407, -77.436), ('VA', 'arlington', 38.8816, -77.091), ('VT', 'burlington', 44.4759, -73.2121), ('WA', 'seattle', 47.6062, -122.3321), ('WA', 'spokane', 47.6588, -117.426), ('WA', 'tacoma', 47.2529, -122.4443), ('WI', 'milwaukee', 43.0389, -87.9065), ('WI', 'madison', 43.0731, -89.4012), ('WV', 'charleston', 38.3498, -81.6326), ('WY', 'cheyenne', 41.14, -104.8202)) AS c(st, city, lat, lng) WHERE l."search_latitude" IS NULL AND upper(l."state") = c.st AND lower(trim(l."city")) = c.city;--> statement-breakpoint
UPDATE "locations" l SET "search_latitude" = c.lat, "search_longitude" = c.lng FROM (VALUES ('AL', 32.8067, -86.7911), ('AK', 61.3707, -152.4044), ('AZ', 33.7298, -111.4312), ('AR', 34.9697, -92.3731), ('CA', 36.1162, -119.6816), ('CO', 39.0598, -105.3111), ('CT', 41.5978, -72.7554), ('DE', 39.3185, -75.5071), ('DC', 38.8974, -77.0268), ('FL', 27.7663, -81.6868), ('GA', 33.0406, -83.6431), ('HI', 21.0943, -157.4983), ('ID', 44.2405, -114.4788), ('IL', 40.3495, -88.9861), ('IN', 39.8494, -86.2583), ('IA', 42.0115, -93.2105), ('KS', 38.5266, -96.7265), ('KY', 37.6681, -84.6701), ('LA', 31.1695, -91.8678), ('ME', 44.6939, -69.3819), ('MD', 39.0639, -76.8021), ('MA', 42.2302, -71.5301), ('MI', 43.3266, -84.5361), ('MN', 45.6945, -93.9002), ('MS', 32.7416, -89.6787), ('MO', 38.4561, -92.2884), ('MT', 46.9219, -110.4544), ('NE', 41.1254, -98.2681), ('NV', 38.3135, -117.0554), ('NH', 43.4525, -71.5639), ('NJ', 40.2989, -74.521), ('NM', 34.8405, -106.2485), ('NY', 42.1657, -74.9481), ('NC', 35.6301, -79.8064), ('ND', 47.5289, -99.784), ('OH', 40.3888, -82.7649), ('OK', 35.5653, -96.9289), ('OR', 44.572, -122.0709), ('PA', 40.5908, -77.2098), ('RI', 41.6809, -71.5118), ('SC', 33.8569, -80.945), ('SD', 44.2998, -99.4388), ('TN', 35.7478, -86.6923), ('TX', 31.0545, -97.5635), ('UT', 40.15, -111.8624), ('VT', 44.0459, -72.7107), ('VA', 37.7693, -78.17), ('WA', 47.4009, -121.4905), ('WV', 38.4912, -80.9545), ('WI', 44.2685, -89.6165), ('WY', 42.756, -107.3025), ('PR', 18.2208, -66.5901)) AS c(st, lat, lng) WHERE l."search_latitude" IS NULL AND upper(l."state") = c.st;
